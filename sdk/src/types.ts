/** Options of `identify`. */
export interface IdentifyOptions {
  /** Signature of the userId (hex HMAC-SHA256 with the identity secret). */
  userHash?: string;
}

/** Free-form JSON properties of a track or page call, or traits of an identify call. */
export type Properties = Record<string, unknown>;

/** The three message types of the Segment-compatible wire format. */
export type MessageType = 'track' | 'page' | 'identify';

/** Options of `init`. */
export interface InitOptions {
  /** The tracked product's public write key (Product Tracking, /brands). */
  writeKey: string;
  /** Origin of the Signpost server, e.g. `https://signpost.example.com`; default: where sdk.js came from. */
  host?: string;
  /** Send `page()` after init and on every history navigation (default true). */
  autoPage?: boolean;
  /**
   * Log what goes wrong to the console (default false), e.g. `Failed to get available flow: …`
   * with the server's message when the tours' ask is refused.
   */
  debug?: boolean;
}

/** Where the browser is: sent as page properties and as `context.page`. */
export interface PageInfo {
  url: string;
  path: string;
  title: string;
  referrer: string;
  search: string;
}

/** Facts about the browser attached to every message (a type alias: it is a JSON record). */
export type MessageContext = {
  library: { name: string; version: string };
  page: PageInfo;
  userAgent: string;
  locale: string;
  screen: { width: number; height: number };
  timezone?: string;
};

/** One message as the SDK queues and sends it (POST /v1/batch, `batch[i]`). */
export interface SdkMessage {
  type: MessageType;
  messageId: string;
  timestamp: string;
  userId?: string;
  /** HMAC-SHA256(userId, identity secret) from the site's backend (signed identities). */
  userHash?: string;
  anonymousId: string;
  event?: string;
  name?: string;
  properties?: Properties;
  traits?: Properties;
  context: MessageContext;
}

/**
 * `data` of `POST {host}/v1/flows/available-flow`: the tour to show and its session, or null.
 * Mirrors `AvailableFlow` of `lib/contracts/flow-runtime.ts` (checked at compile time in
 * `tours/runtime.test.ts`); steps are the contract's `FlowStep`, read by the tours bundle only.
 */
export type FlowAnswer = {
  flow: { id: number; name: string; steps: unknown[] };
  session: {
    id: string;
    current_step_id: string | null;
    resumed: boolean;
    on_this_page: boolean;
  };
  /** The product theme (docs/theme.md); absent for the default look. */
  theme?: Record<string, unknown>;
} | null;

/** What sdk.js hands the tours bundle with each answer: where and how to call the server. */
export interface ToursRuntime {
  /** Origin of the Signpost server, without a trailing slash. */
  host: string;
  writeKey: string;
  /** Asks available-flow again now (one request at a time); the answer comes back to `show`. */
  ask(): void;
}

/** What the on-demand tours bundle (`/sdk-tours.js`) exposes as `window.signpostTours`. */
export interface ToursModule {
  /**
   * Plays what available-flow answered: keeps the tour on screen when it is the same session,
   * removes it when the answer is null or another session (and then plays the new one, if any).
   */
  show(answer: FlowAnswer, runtime: ToursRuntime): void;
  /** The id of the session on screen (sent with each ask), if any. */
  session(): string | undefined;
}

/** The public API, available as `window.signpost` and from the ESM build. */
export interface SignpostApi {
  /** SDK version; its presence marks the real API (the snippet stub has none). */
  readonly version: string;
  init(options: InitOptions): void;
  /**
   * `identify(userId, traits)`, or `identify(traits)` to attach traits to the anonymous visitor.
   * When the product requires signed identities, pass `{ userHash }`: HMAC-SHA256 of the userId
   * with the product's identity secret, computed by the site's backend (never in the page).
   */
  identify(
    userId?: string | number | Properties | null,
    traits?: Properties,
    options?: IdentifyOptions,
  ): void;
  track(event: string, properties?: Properties): void;
  /** A page view; sent automatically after init and on SPA navigation unless `autoPage: false`. */
  page(name?: string, properties?: Properties): void;
  /** Forgets the user id and starts a new anonymous id (call on sign-out). */
  reset(): void;
  /** Sends the queue now instead of at the next tick. */
  flush(): void;
  anonymousId(): string;
  userId(): string | null;
  /**
   * Preloads the tours bundle (`/sdk-tours.js`); resolves to null if it cannot load. Optional:
   * the SDK loads it by itself when the server has a tour for the visitor.
   */
  loadTours(): Promise<ToursModule | null>;
}

/** A client instance: the public API plus teardown (tests, or an SPA unmounting the SDK). */
export interface SignpostClient extends SignpostApi {
  /** Removes listeners and timers; queued events stay persisted for the next load. */
  destroy(): void;
}

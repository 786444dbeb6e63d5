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

/** What the on-demand tours bundle (`/sdk-tours.js`) exposes as `window.signpostTours`. */
export interface ToursModule {
  /** Called once with the tracking client: tours read ids and send their events through it. */
  start(client: SignpostClient): void;
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
  /** Loads the tours bundle on demand and starts it; resolves to null if it cannot load. */
  loadTours(): Promise<ToursModule | null>;
}

/** A client instance: the public API plus teardown (tests, or an SPA unmounting the SDK). */
export interface SignpostClient extends SignpostApi {
  /** Removes listeners and timers; queued events stay persisted for the next load. */
  destroy(): void;
}

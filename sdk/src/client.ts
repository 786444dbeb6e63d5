import type {
  IdentifyOptions,
  InitOptions,
  MessageType,
  Properties,
  SdkMessage,
  SignpostClient,
} from './types';
import { retryDelay } from './core/backoff';
import {
  ANONYMOUS_ID_KEY,
  FLUSH_AT,
  FLUSH_INTERVAL_MS,
  LIBRARY,
  MAX_BEACON_BYTES,
  MAX_BODY_BYTES,
  MAX_EVENT_BYTES,
  MAX_QUEUE,
  NAVIGATION_DELAY_MS,
  QUOTA_PAUSE_MS,
  USER_ID_KEY,
  USER_HASH_KEY,
  queueKey,
} from './core/constants';
import { messageContext, pageInfo } from './core/context';
import { onNavigate } from './core/history';
import { uuid } from './core/ids';
import { createQueue, type Queue } from './core/queue';
import { readItem, writeItem } from './core/storage';
import { beacon, byteLength, pack, packAll, post, type SendResult } from './core/transport';
import { guard, warn } from './core/guard';
import { createAsk } from './tours/ask';
import { loadToursBundle, toursModule } from './tours/loader';

type Timer = ReturnType<typeof setTimeout>;

/**
 * Creates a tracking client. Nothing touches the page (storage, listeners, history) before
 * `init`, so the ESM build can be imported during server-side rendering.
 */
export function createClient(defaultHost = ''): SignpostClient {
  let writeKey = '';
  let endpoint = '';
  let host = defaultHost;
  let queue: Queue | null = null;
  let early: SdkMessage[] = []; // calls before init, queued once the write key is known
  let stopped = false; // a 401: the key is unknown until the next init
  let paused = false; // a 402: over quota, queued events wait for retryAt
  let busy = false;
  let attempt = 0;
  let retryAt = 0;
  let batchLimit = MAX_QUEUE; // halved on 413
  let timer: Timer | undefined;
  let navTimer: Timer | undefined;
  let autoPage = true;
  let debug = false;
  let lastUrl = '';
  let navUrl = '';
  let referrer = '';
  let beaconed = false;
  let anonymousId: string | null = null;
  let userId: string | null = null;
  /** HMAC of the userId from the site's backend, when the product requires signed identities. */
  let userHash: string | null = null;
  let identityLoaded = false;
  let teardown: Array<() => void> = [];

  const loadIdentity = () => {
    if (identityLoaded) return;
    identityLoaded = true;
    anonymousId = readItem(ANONYMOUS_ID_KEY);
    userId = readItem(USER_ID_KEY);
    userHash = readItem(USER_HASH_KEY);
  };
  const getAnonymousId = (): string => {
    loadIdentity();
    if (!anonymousId) writeItem(ANONYMOUS_ID_KEY, (anonymousId = uuid()));
    return anonymousId;
  };

  // Tours: which one to show is asked after init, identify, track, reset and URL changes.
  const { ask, stop: stopAsking } = createAsk(
    () => (writeKey && !stopped ? { host, writeKey } : null),
    () => ({
      userId: (loadIdentity(), userId),
      userHash: (userId && userHash) || undefined,
      anonymousId: getAnonymousId(),
    }),
    () => debug,
  );

  const schedule = (ms: number) => {
    timer ??= setTimeout(() => {
      timer = undefined;
      safeFlush();
    }, ms);
  };

  const enqueue = (type: MessageType, fields: Partial<SdkMessage>) => {
    loadIdentity();
    const message: SdkMessage = {
      type,
      messageId: uuid(),
      timestamp: new Date().toISOString(),
      userId: userId ?? undefined,
      userHash: (userId && userHash) || undefined,
      anonymousId: getAnonymousId(),
      ...fields,
      context: messageContext(pageInfo(referrer)),
    };
    // Serialising now snapshots the properties and measures them as the server will.
    const json = JSON.stringify(message);
    if (byteLength(json) > MAX_EVENT_BYTES) return warn(`${type} over 32 KB dropped`);
    const snapshot = JSON.parse(json) as SdkMessage;
    if (!queue) {
      early = [...early, snapshot].slice(-MAX_QUEUE);
      return;
    }
    if (stopped) return;
    if (queue.push(snapshot) >= FLUSH_AT) flush();
    else schedule(FLUSH_INTERVAL_MS);
  };

  const settle = (q: Queue, sent: readonly SdkMessage[], res: SendResult) => {
    const { status } = res;
    const ids = new Set(sent.map((m) => m.messageId));
    if (status >= 200 && status < 300) {
      attempt = 0;
      paused = false;
      const rejected = (res.body as { rejected?: unknown[] } | undefined)?.rejected;
      if (rejected?.length) warn('rejected', rejected);
      q.ack(ids); // accepted or rejected: either way the server has decided
      // What the server just learned (traits, events) may make a tour eligible.
      if (sent.some((m) => m.type !== 'page')) ask();
    } else if (status === 401) {
      if (!stopped) warn('unknown write key; tracking stops until the next init');
      stopped = true;
      q.clear(); // every queued message carries the same unknown key
      return;
    } else if (status === 402) {
      // Over the account's quota: keep everything queued and stop sending until the server's
      // Retry-After (or an hour) has passed; nothing is dropped and 'online' does not resume it.
      if (!paused) warn('monthly active user quota reached; sending paused');
      paused = true;
      retryAt = Date.now() + (res.retryAfter ?? QUOTA_PAUSE_MS / 1000) * 1000;
    } else if (status === 413 && sent.length > 1) {
      batchLimit = Math.ceil(sent.length / 2);
    } else if (!status || status === 429 || status >= 500) {
      retryAt = Date.now() + retryDelay(attempt++, res.retryAfter);
    } else {
      warn(`HTTP ${status}: ${sent.length} event(s) dropped`);
      q.ack(ids); // other 4xx: sending the same body again cannot succeed
    }
    const left = q.all().length;
    if (!left) batchLimit = MAX_QUEUE;
    if (status === 402) schedule(retryAt - Date.now());
    else if (left >= FLUSH_AT || (left && status === 413)) flush();
    else if (left) schedule(FLUSH_INTERVAL_MS);
  };

  const flush = () => {
    if (busy || stopped || !queue) return;
    const wait = retryAt - Date.now();
    if (wait > 0) return schedule(wait);
    clearTimeout(timer);
    timer = undefined;
    const q = queue;
    const messages = q.all();
    if (!messages.length) return;
    const { body, count } = pack(writeKey, messages, MAX_BODY_BYTES, batchLimit);
    busy = true;
    void post(endpoint, body).then((res) => {
      busy = false;
      safeSettle(q, messages.slice(0, count), res);
    });
  };
  const safeFlush = guard(flush, undefined);
  const safeSettle = guard(settle, undefined);

  /** Page hide may be the last chance: beacon everything, keep it queued (see sdk/README.md). */
  const onHide = () => {
    if (beaconed || stopped || paused || !queue) return;
    beaconed = true;
    const messages = queue.all();
    if (messages.length) beacon(endpoint, packAll(writeKey, messages, MAX_BEACON_BYTES));
  };
  // Browsers fire visibilitychange, pagehide or both when a page goes away; beacon once per hide.
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') onHide();
    else beaconed = false;
  };
  const onOnline = () => {
    if (paused) return;
    retryAt = 0;
    attempt = 0;
    flush();
  };

  const page = (name?: string, properties?: Properties) => {
    const info = pageInfo(referrer);
    enqueue('page', { name, properties: { ...info, ...properties } });
    lastUrl = info.url;
  };
  const onNavigation = () => {
    clearTimeout(navTimer);
    navTimer = setTimeout(
      guard(() => {
        const href = location.href;
        if (href !== navUrl) ask();
        navUrl = href;
        if (!autoPage || href === lastUrl) return;
        referrer = lastUrl;
        page();
      }, undefined),
      NAVIGATION_DELAY_MS,
    );
  };

  const listen = (target: EventTarget, type: string, fn: () => void) => {
    const handler = guard(fn, undefined);
    target.addEventListener(type, handler);
    teardown.push(() => target.removeEventListener(type, handler));
  };

  const destroy = () => {
    teardown.forEach((fn) => fn());
    teardown = [];
    clearTimeout(timer);
    clearTimeout(navTimer);
    stopAsking();
    timer = navTimer = undefined;
  };

  const client: SignpostClient = {
    version: LIBRARY.version,
    init: guard((options: InitOptions) => {
      if (typeof window === 'undefined' || !options?.writeKey) return;
      destroy();
      writeKey = String(options.writeKey);
      host = String(options.host ?? host).replace(/\/+$/, '');
      endpoint = `${host}/v1/batch`;
      autoPage = options.autoPage !== false;
      debug = options.debug === true;
      stopped = false; // a request still in flight settles on the queue it was taken from
      attempt = retryAt = 0;
      paused = false;
      queue = createQueue(queueKey(writeKey));
      for (const message of early) queue.push(message);
      early = [];
      listen(document, 'visibilitychange', onVisibility);
      listen(window, 'pagehide', onHide);
      listen(window, 'online', onOnline);
      teardown.push(onNavigate(onNavigation));
      referrer = document.referrer;
      navUrl = location.href;
      if (autoPage) page();
      flush();
      ask();
    }, undefined),
    identify: guard(
      (
        id?: string | number | Properties | null,
        traits?: Properties,
        options?: IdentifyOptions,
      ) => {
        if (id !== null && typeof id === 'object') [id, traits] = [undefined, id];
        loadIdentity();
        if (id != null && id !== '') {
          const next = String(id);
          // A new user, or a new signature: the signature belongs to exactly this userId.
          if (next !== userId || options?.userHash)
            writeItem(USER_HASH_KEY, (userHash = options?.userHash ?? null));
          writeItem(USER_ID_KEY, (userId = next));
        }
        enqueue('identify', { traits });
      },
      undefined,
    ),
    track: guard((event: string, properties?: Properties) => {
      if (!event || typeof event !== 'string') return warn('track() needs an event name');
      enqueue('track', { event, properties });
    }, undefined),
    page: guard(page, undefined),
    reset: guard(() => {
      loadIdentity();
      userId = null;
      userHash = null;
      writeItem(USER_ID_KEY, null);
      writeItem(USER_HASH_KEY, null);
      writeItem(ANONYMOUS_ID_KEY, (anonymousId = uuid()));
      ask(); // another visitor: the tour on screen may not be theirs
    }, undefined),
    flush: safeFlush,
    anonymousId: guard(getAnonymousId, ''),
    userId: guard(() => (loadIdentity(), userId), null),
    // Injected once (a failed load is tried again by the next call); never rejects.
    loadTours: guard(
      () => loadToursBundle(host).catch((err: unknown) => (warn(err), null)),
      Promise.resolve(null),
    ),
    destroy: guard(() => {
      destroy();
      // Torn down: no more asks, and the tour on screen (with its poll) goes too.
      writeKey = '';
      toursModule()?.show(null, { host, writeKey, ask: () => undefined });
    }, undefined),
  };
  return client;
}

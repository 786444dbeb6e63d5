/** Reported as `context.library`; bump with every published change of the SDK. */
export const LIBRARY = { name: 'signpost-sdk', version: '0.1.0' };

/** Send when this many events are queued ... */
export const FLUSH_AT = 20;
/** ... or this long after the first unsent event. */
export const FLUSH_INTERVAL_MS = 1000;
/** Oldest events are dropped beyond this many (a long offline period must not fill storage). */
export const MAX_QUEUE = 1000;
/** The server refuses events over 32 KB and requests over 500 KB (lib/constants.ts). */
export const MAX_EVENT_BYTES = 32 * 1024;
export const MAX_BODY_BYTES = 500_000;
/** Browsers refuse beacons of 64 KB and more (and cap all pending beacons near that). */
export const MAX_BEACON_BYTES = 64_000;
/** A request still unanswered after this long counts as a network error. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Exponential backoff: base doubles per attempt up to the cap, full jitter on top. */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;
/** A 402 (over quota) without Retry-After pauses sending this long; the queue is kept. */
export const QUOTA_PAUSE_MS = 60 * 60 * 1000;
/** Frameworks set document.title after pushState; wait a moment so the page view carries it. */
export const NAVIGATION_DELAY_MS = 300;

export const ANONYMOUS_ID_KEY = 'signpost:anonymousId';
export const USER_ID_KEY = 'signpost:userId';
export const USER_HASH_KEY = 'signpost:userHash';
export const queueKey = (writeKey: string) => `signpost:${writeKey}:queue`;

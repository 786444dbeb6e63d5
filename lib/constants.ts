/**
 * Product-wide constants (docs/product/constants.md,
 * docs/product/entities.md#3-entities-and-fields).
 */
export const APP_NAME = 'Signpost';

/** Local storage keys (docs/product/entities.md#local-storage-cookie-and-generated-ids). */
export const STORAGE_KEYS = {
  token: 'token',
  email: 'email',
  reportFormData: 'report_form_data',
  brandId: 'brand_id',
  cart: 'cart',
  sidebarMinimized: 'sidebar:minimized',
} as const;

export const SIDEBAR_COOKIE = 'sidebar:minimized';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 604800;
export const SIDEBAR_WIDTH_PX = 196;
export const SIDEBAR_MIN_WIDTH_PX = 72;
export const MOBILE_BREAKPOINT_PX = 768;

export const TOAST_DURATION_MS = 3000;
export const TEXT_MAX_LENGTH = 255;
export const PASSWORD_MIN_LENGTH = 8;
/** NIST SP 800-63B asks to allow at least 64 (docs/adr/0020-password-maximum.md). */
export const PASSWORD_MAX_LENGTH = 64;

/** Query cache defaults (docs/product/api.md#realtime-images-and-query-cache). */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRY = 1;

/** Transport pseudo-statuses of the service layer (docs/product/messages.md#http-and-transport). */
export const NO_NETWORK_STATUS = 0;
export const NO_TOKEN_STATUS = 499;
/**
 * Codes of those pseudo-statuses (docs/product/messages.md#http-and-transport:
 * "no-network (code 0)", "no-token (code 499)").
 */
export const NO_NETWORK_CODE = 'no-network';
export const NO_TOKEN_CODE = 'no-token';

/** Realtime event names (docs/product/api.md#realtime-images-and-query-cache). */
export const SOCKET_EVENTS = {
  PAYMENT_STATUS: 'payment-status',
  USER_JOIN_ROOM: 'user-join-room',
  USAGE_LIMIT: 'usage-limit',
} as const;
export const SOCKET_PATH = '/socket.io';

/** Token lifetimes. */
/** Sliding lifetime (since the last use) and absolute lifetime (since sign-in) of a session. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

/** Failed sign-ins after which the mock API refuses an account (the server: docs/security.md). */
export const SIGN_IN_MAX_FAILURES = 10;

/**
 * Prefix of client-generated ids (docs/product/entities.md#local-storage-cookie-and-generated-ids).
 */
export const GENERATED_ID_PREFIX = 'b_';

export const PLAN_CODES = ['free', 'starter', 'growth', 'scale', 'enterprise'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];
export const PLAN_KINDS = ['NORMAL', 'ENTERPRISE', 'FREE', 'ADD_IN'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/**
 * Tracking constants (docs/product/entities.md#4-states-and-transitions, docs/product/constants.md;
 * issue "Tracking").
 */
export const EVENT_PICKER_PAGE_SIZE = 10;
export const EVENT_SEARCH_LIMIT = 99;
export const EVENT_LIST_PAGE_SIZE = 20;
export const PROFILE_LIST_PAGE_SIZE = 20;
export const TIMELINE_PAGE_SIZE = 20;
export const TAIL_LIMIT = 50;
/** Days of history behind the events list's volume and last-seen columns. */
export const EVENT_VOLUME_DAYS = 30;
export const DROPDOWN_MAX_HEIGHT_PX = 250;
export const DROPDOWN_MIN_WIDTH_PX = 200;
export const DROPDOWN_SCROLL_THRESHOLD_PX = 10;
/** Ingestion limits: per event and per request (bytes), and JSON nesting depth. */
export const INGEST_MAX_EVENT_BYTES = 32 * 1024;
export const INGEST_MAX_REQUEST_BYTES = 500 * 1024;
export const INGEST_MAX_DEPTH = 32;
/**
 * The window an event's timestamp must fall in after clock-skew correction: from 2000-01-01 UTC
 * to one day after the receive time. Outside it the event is rejected (`timestamp_out_of_range`).
 */
export const INGEST_MIN_TIMESTAMP_MS = Date.UTC(2000, 0, 1);
export const INGEST_MAX_FUTURE_MS = 24 * 60 * 60 * 1000;
/** Events per request (Segment's batch limit) and rejections listed in one answer. */
export const INGEST_MAX_BATCH_EVENTS = 2500;
export const INGEST_MAX_LISTED_REJECTIONS = 100;
/** Profile bounds: anonymous ids kept (newest), keys of data attributes and of metadata, value size. */
export const PROFILE_MAX_ANONYMOUS_IDS = 100;
export const PROFILE_MAX_KEYS = 200;
export const PROFILE_MAX_VALUE_BYTES = 2048;
/** Longest e-mail and name taken from traits. */
export const PROFILE_MAX_TEXT = 320;
/** Socket events of the live tail. */
export const TAIL_SOCKET_EVENTS = {
  JOIN: 'tail-join',
  LEAVE: 'tail-leave',
  EVENT: 'tail-event',
} as const;

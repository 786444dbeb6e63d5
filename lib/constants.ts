/** Product-wide constants from the specification (section 9 and 3). */
export const APP_NAME = 'Signpost';

/** Local storage keys (spec 3). */
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
export const PASSWORD_MAX_LENGTH = 10;

/** Query cache defaults (spec 7, "Other"). */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRY = 1;

/** Transport pseudo-statuses of the service layer (spec 8). */
export const NO_NETWORK_STATUS = 0;
export const NO_TOKEN_STATUS = 499;
/** Codes of those pseudo-statuses (spec 8: "no-network (code 0)", "no-token (code 499)"). */
export const NO_NETWORK_CODE = 'no-network';
export const NO_TOKEN_CODE = 'no-token';

/** Realtime event names (spec 7, "Other"). */
export const SOCKET_EVENTS = {
  PAYMENT_STATUS: 'payment-status',
  USER_JOIN_ROOM: 'user-join-room',
} as const;
export const SOCKET_PATH = '/socket.io';

/** Token lifetimes. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

/** Failed sign-ins allowed per account within the window. */
export const SIGN_IN_MAX_FAILURES = 10;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Prefix of client-generated ids (spec 3). */
export const GENERATED_ID_PREFIX = 'b_';

export const PLAN_CODES = ['free', 'starter', 'growth', 'scale', 'enterprise'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];
export const PLAN_KINDS = ['NORMAL', 'ENTERPRISE', 'FREE', 'ADD_IN'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

import type { HttpHandler } from 'msw';

/** Mock API of customer profiles and their attributes (filled by the profiles feature). */
export const profileHandlers: HttpHandler[] = [];

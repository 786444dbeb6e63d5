import type { HttpHandler } from 'msw';

/** Mock API of events, autocomplete and the live tail (filled by the events feature). */
export const eventHandlers: HttpHandler[] = [];

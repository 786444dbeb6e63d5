import type { MessageContext, PageInfo } from '../types';
import { LIBRARY } from './constants';

/** The current page; `referrer` is the previous in-app URL after an SPA navigation. */
export function pageInfo(referrer: string): PageInfo {
  const l = location;
  return {
    url: l.href,
    path: l.pathname,
    title: document.title,
    referrer,
    search: l.search,
  };
}

function timezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export function messageContext(page: PageInfo): MessageContext {
  return {
    library: LIBRARY,
    page,
    userAgent: navigator.userAgent,
    locale: navigator.language,
    screen: { width: screen.width, height: screen.height },
    timezone: timezone(),
  };
}

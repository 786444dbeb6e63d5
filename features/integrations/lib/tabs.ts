/** Sections of /integrations; `t=flows-integrations` in the URL opens the product tours one. */
export const INTEGRATION_TABS = [
  { id: 'tracking', label: 'Tracking', query: undefined },
  { id: 'tours', label: 'Product tours', query: 'flows-integrations' },
] as const;

export type IntegrationTab = (typeof INTEGRATION_TABS)[number]['id'];

/** The tab a `t` query value opens; anything unknown opens tracking. */
export function tabFromQuery(t: string | string[] | undefined): IntegrationTab {
  const value = Array.isArray(t) ? t[0] : t;
  return INTEGRATION_TABS.find((tab) => tab.query === value && value)?.id ?? 'tracking';
}

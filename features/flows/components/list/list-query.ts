import type { ListFlowsQuery } from '@/lib/contracts/flows';

/**
 * What the /flows list shows besides the search: a status filter (all when absent) and an order,
 * kept in the page's query string with the API's own names
 * (`?status=published&sort_by=name&sort_order=asc`, see docs/flows.md) so a reload or a shared link
 * shows the same list. The fields are the list query's, as the server reads it.
 */
export type FlowListView = Pick<ListFlowsQuery, 'status' | 'sort_by' | 'sort_order'>;

/** The API's default: the newest change first. */
export const DEFAULT_FLOW_LIST_VIEW: FlowListView = { sort_by: 'updated_at', sort_order: 'desc' };

/** The status filter's choices; `all` leaves `status` out. */
export const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'published', label: 'Published' },
  { value: 'unpublished', label: 'Unpublished' },
] as const;

/** The sort control's choices, `sort_by:sort_order`. */
export const SORT_OPTIONS = [
  { value: 'updated_at:desc', label: 'Last updated (newest first)' },
  { value: 'updated_at:asc', label: 'Last updated (oldest first)' },
  { value: 'name:asc', label: 'Name (A→Z)' },
  { value: 'name:desc', label: 'Name (Z→A)' },
] as const;

const KEYS = ['status', 'sort_by', 'sort_order'] as const;

type Query = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The view a query string asks for; unknown values fall back to the defaults. */
export function parseFlowListView(query: Query): FlowListView {
  const status = first(query.status);
  const sortBy = first(query.sort_by);
  const order = first(query.sort_order);
  return {
    status: status === 'published' || status === 'unpublished' ? status : undefined,
    sort_by: sortBy === 'name' || sortBy === 'updated_at' ? sortBy : 'updated_at',
    sort_order: order === 'asc' || order === 'desc' ? order : 'desc',
  };
}

/**
 * The query string for a view: the page's other parameters kept, the defaults left out (a plain
 * `/flows` is the default list).
 */
export function flowListViewQuery(view: FlowListView, current: Query = {}): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(current))
    if (!(KEYS as readonly string[]).includes(key) && value !== undefined) query[key] = value;
  if (view.status) query.status = view.status;
  if (
    view.sort_by !== DEFAULT_FLOW_LIST_VIEW.sort_by ||
    view.sort_order !== DEFAULT_FLOW_LIST_VIEW.sort_order
  ) {
    query.sort_by = view.sort_by;
    query.sort_order = view.sort_order;
  }
  return query;
}

/** The sort control's value for a view. */
export const sortValue = (view: FlowListView) => `${view.sort_by}:${view.sort_order}`;

/** The view after choosing a status (`all`, `published`, `unpublished`). */
export function withStatus(view: FlowListView, value: string): FlowListView {
  return { ...view, status: value === 'published' || value === 'unpublished' ? value : undefined };
}

/** The view after choosing an order in the sort control. */
export function withSort(view: FlowListView, value: string): FlowListView {
  const [sortBy, order] = value.split(':');
  const parsed = parseFlowListView({ sort_by: sortBy, sort_order: order });
  return { ...view, sort_by: parsed.sort_by, sort_order: parsed.sort_order };
}

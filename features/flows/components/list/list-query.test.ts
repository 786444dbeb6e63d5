import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FLOW_LIST_VIEW,
  flowListViewQuery,
  parseFlowListView,
  sortValue,
  withSort,
  withStatus,
} from './list-query';

describe('flows list view in the query string', () => {
  it('reads the status and the order, falling back to the newest change first', () => {
    expect(parseFlowListView({})).toEqual(DEFAULT_FLOW_LIST_VIEW);
    expect(parseFlowListView({ status: 'published', sort_by: 'name', sort_order: 'asc' })).toEqual({
      status: 'published',
      sort_by: 'name',
      sort_order: 'asc',
    });
    expect(parseFlowListView({ status: ['unpublished', 'published'] }).status).toBe('unpublished');
    expect(parseFlowListView({ status: 'draft', sort_by: 'id', sort_order: 'up' })).toEqual(
      DEFAULT_FLOW_LIST_VIEW,
    );
  });

  it('writes only what differs from the default and keeps the other parameters', () => {
    expect(flowListViewQuery(DEFAULT_FLOW_LIST_VIEW, { status: 'published', x: '1' })).toEqual({
      x: '1',
    });
    expect(
      flowListViewQuery({ status: 'unpublished', sort_by: 'updated_at', sort_order: 'asc' }),
    ).toEqual({ status: 'unpublished', sort_by: 'updated_at', sort_order: 'asc' });
    expect(flowListViewQuery({ sort_by: 'name', sort_order: 'desc' })).toEqual({
      sort_by: 'name',
      sort_order: 'desc',
    });
  });

  it('applies the choices of the status and sort controls', () => {
    const published = withStatus(DEFAULT_FLOW_LIST_VIEW, 'published');
    expect(published.status).toBe('published');
    expect(withStatus(published, 'all').status).toBeUndefined();
    const byName = withSort(published, 'name:asc');
    expect(byName).toEqual({ status: 'published', sort_by: 'name', sort_order: 'asc' });
    expect(sortValue(byName)).toBe('name:asc');
    expect(withSort(byName, 'nonsense')).toMatchObject(DEFAULT_FLOW_LIST_VIEW);
  });
});

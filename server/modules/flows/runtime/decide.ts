import { evaluateCondition, isRange } from '../../../../lib/conditions';
import type {
  CustomerCondition,
  EventCondition,
  TriggerCondition,
  UrlCondition,
} from '../../../../lib/contracts/flows';
import type { FlowDefinition } from '../../../db/schema/flows';

/**
 * The flow runtime's decision, pure: given what the store knows about one visitor (their profile,
 * how often each event condition's event happened, which tours they were shown), which published
 * tour should show on this URL now. The reads that feed it live elsewhere; everything here is
 * deterministic for an injected `now` (docs/flows.md, "Runtime decision").
 */

/** One published tour as the decision needs it. */
export interface Candidate {
  id: number;
  publishedAt: Date;
  /** What the tour does, as stored (server/db/schema/flows.ts). */
  definition: FlowDefinition;
}

/** The visitor's customer profile, flattened: system fields, data attributes, then metadata. */
export type ProfileValues = Record<string, unknown>;

export interface VisitorFacts {
  profile: ProfileValues;
  /** Occurrences of each event condition's event (with its attribute filters) in its window. */
  eventCount: (flowId: number, condition: EventCondition) => number;
  /** How many sessions of each tour this visitor started before. */
  sessionsOf: (flowId: number) => number;
  /**
   * Whether the visitor is in a segment of the product now: the segment engine's `segmentHolds`
   * over these same facts (visitor-decision.ts); undefined for a segment it cannot read (gone from
   * the product). Absent, or undefined, a segment trigger does not hold, negated or not.
   */
  inSegment?: (segmentId: number) => boolean | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The visitor's URL as the match types read it: whole and path (+ query), each also without a trailing slash. */
interface UrlForms {
  full: string;
  path: string;
  bareFull: string;
  barePath: string;
}

/** The last URL read (one decision reads the same URL against every tour's rows). */
let lastForms: { url: string; forms: UrlForms } | null = null;

function urlForms(url: string): UrlForms {
  if (lastForms?.url === url) return lastForms.forms;
  const { full, path } = parseUrlForms(url);
  const forms = { full, path, bareFull: noTrailingSlash(full), barePath: noTrailingSlash(path) };
  lastForms = { url, forms };
  return forms;
}

function parseUrlForms(url: string): { full: string; path: string } {
  try {
    const u = new URL(url);
    const path = `${u.pathname}${u.search}`;
    return { full: `${u.origin}${path}`.toLowerCase(), path: path.toLowerCase() };
  } catch {
    return { full: url.toLowerCase(), path: url.toLowerCase() };
  }
}
export const noTrailingSlash = (s: string) =>
  s.length > 1 && s.endsWith('/') ? s.slice(0, -1) : s;

/** A URL row as it is compared: trimmed and lower-cased once (an empty value never matches). */
interface UrlRowForm {
  kind: UrlCondition['condition_type'];
  value: string;
  bare: string;
}

const rowForm = (row: Pick<UrlCondition, 'condition_type' | 'value'>): UrlRowForm => {
  const value = row.value.trim().toLowerCase();
  return { kind: row.condition_type, value, bare: noTrailingSlash(value) };
};

function formMatches(url: UrlForms, row: UrlRowForm): boolean {
  if (!row.value) return false;
  switch (row.kind) {
    case 'exact':
      return url.bareFull === row.bare || url.barePath === row.bare;
    case 'contains':
      return url.full.includes(row.value);
    case 'starts with':
      return url.full.startsWith(row.value) || url.path.startsWith(row.value);
    case 'ends with':
      return url.bareFull.endsWith(row.bare);
  }
}

/**
 * One URL row: `exact` equals the whole URL or its path (a trailing slash and the fragment do not
 * count), `starts with` is read against the whole URL or the path, `contains` and `ends with`
 * against the whole URL. Case does not matter.
 */
export function urlRowMatches(url: string, row: Pick<UrlCondition, 'condition_type' | 'value'>) {
  return formMatches(urlForms(url), rowForm(row));
}

/**
 * A URL condition's rows worked out once per rows array: a published tour's definition is read
 * once and asked about on every page view, and working them out on each ask was most of what a
 * decision allocated (docs/adr/0012-flow-runtime-cost.md). A rows array is never changed in
 * place: the published-flows cache reads fresh objects from the database on every change.
 */
const conditionForms = new WeakMap<
  UrlCondition[],
  { includes: UrlRowForm[]; excludes: UrlRowForm[] }
>();

/** A URL condition: one of its includes matches (when it has any) and none of its excludes. */
export function urlConditionHolds(url: string, rows: UrlCondition[]) {
  let c = conditionForms.get(rows);
  if (!c) {
    c = { includes: [], excludes: [] };
    for (const r of rows)
      if (r.type === 'includes') c.includes.push(rowForm(r));
      else if (r.type === 'excludes') c.excludes.push(rowForm(r));
    conditionForms.set(rows, c);
  }
  const forms = urlForms(url);
  for (const r of c.excludes) if (formMatches(forms, r)) return false;
  if (c.includes.length === 0) return true;
  for (const r of c.includes) if (formMatches(forms, r)) return true;
  return false;
}

/** Customer conditions, all of them: the customer-profile filter's semantics (lib/conditions). */
export function customerConditionsHold(
  profile: ProfileValues,
  rows: CustomerCondition[],
  now: number,
) {
  return rows.every((r) =>
    evaluateCondition(profile[r.customer_key], r.condition_type, r.value, now),
  );
}

/** Subtracts `n` units from a time; months and years are calendar ones (UTC). */
function minus(now: number, n: number, unit: string): number {
  const d = new Date(now);
  switch (unit) {
    case 'seconds':
      return now - n * 1000;
    case 'minutes':
      return now - n * 60_000;
    case 'hours':
      return now - n * 3_600_000;
    case 'days':
      return now - n * DAY_MS;
    case 'weeks':
      return now - n * 7 * DAY_MS;
    case 'months':
      d.setUTCMonth(d.getUTCMonth() - n);
      return d.getTime();
    default:
      d.setUTCFullYear(d.getUTCFullYear() - n);
      return d.getTime();
  }
}

const rangeOf = (v: EventCondition['timeframe']['value']) => (isRange(v) ? v : null);

/**
 * The window an event condition counts in, as [from, to) epoch milliseconds (null: unbounded):
 * in the last N units, more than N units ago, between N and M units ago, a date range (whole
 * days, UTC) or any time.
 */
export function eventWindow(
  timeframe: EventCondition['timeframe'],
  now: number,
): { from: number | null; to: number | null } {
  const unit = timeframe.unit ?? 'days';
  switch (timeframe.condition_type) {
    case 'in_the_last':
      return { from: minus(now, Number(timeframe.value), unit), to: null };
    case 'more_than':
      return { from: null, to: minus(now, Number(timeframe.value), unit) };
    case 'between': {
      const r = rangeOf(timeframe.value);
      if (!r) return { from: now, to: now };
      return { from: minus(now, Number(r.to), unit), to: minus(now, Number(r.from), unit) };
    }
    case 'date_range': {
      const r = rangeOf(timeframe.value);
      if (!r) return { from: now, to: now };
      const start = Date.parse(`${String(r.from).slice(0, 10)}T00:00:00Z`);
      const end = Date.parse(`${String(r.to).slice(0, 10)}T00:00:00Z`) + DAY_MS;
      return { from: start, to: end };
    }
    default:
      return { from: null, to: null };
  }
}

/** Whether a count of occurrences meets an event condition's frequency. */
export function frequencyHolds(count: number, frequency: EventCondition['frequency']) {
  const r = rangeOf(frequency.value);
  const n = typeof frequency.value === 'number' ? frequency.value : NaN;
  switch (frequency.condition_type) {
    case 'at_most':
      return count <= n;
    case 'exactly':
      return count === n;
    case 'between':
      return r !== null && count >= Number(r.from) && count <= Number(r.to);
    default:
      // at_least (and a missing type): the editor's default is "at least 1".
      return count >= (Number.isFinite(n) ? n : 1);
  }
}

/**
 * How far counting must go for `frequencyHolds` to be decided: for any count c,
 * `frequencyHolds(min(c, decisiveCount(f)), f) === frequencyHolds(c, f)`. Counting walks the
 * visitor's events newest first and stops there (docs/flows.md, "What a decision costs").
 */
export function decisiveCount(frequency: EventCondition['frequency']): number {
  const r = rangeOf(frequency.value);
  const n = typeof frequency.value === 'number' ? frequency.value : NaN;
  const past = (v: number) => (Number.isFinite(v) ? Math.max(0, Math.floor(v) + 1) : 0);
  switch (frequency.condition_type) {
    case 'at_most':
    case 'exactly':
      return past(n);
    case 'between':
      return r === null ? 0 : past(Number(r.to));
    default: {
      const least = Number.isFinite(n) ? n : 1;
      return Math.max(0, Math.ceil(least));
    }
  }
}

function triggerHolds(
  t: TriggerCondition,
  flowId: number,
  url: string,
  facts: VisitorFacts,
  now: number,
) {
  switch (t.trigger_type) {
    case 'url':
      return urlConditionHolds(url, t.conditions);
    case 'customer_condition':
      return customerConditionsHold(facts.profile, t.conditions, now);
    case 'event':
      return t.conditions.every((c) => frequencyHolds(facts.eventCount(flowId, c), c.frequency));
    case 'segment': {
      const inSegment = facts.inSegment;
      if (!inSegment) return false;
      return t.conditions.every((c) => {
        const inside = inSegment(c.segment_id);
        return inside !== undefined && inside !== c.negate;
      });
    }
  }
}

/** The trigger conditions joined by the flow's operator, and its audience (always AND). */
export function triggersHold(c: Candidate, url: string, facts: VisitorFacts, now: number) {
  const { trigger_conditions: triggers, trigger_operator: op } = c.definition.condition;
  const results = triggers.map((t) => triggerHolds(t, c.id, url, facts, now));
  const triggered =
    results.length === 0 || (op === 'OR' ? results.some(Boolean) : results.every(Boolean));
  return triggered && customerConditionsHold(facts.profile, c.definition.attribute_conditions, now);
}

/** The display rule: once (never started before), every time, or fewer than N sessions. */
export function displayAllows(c: Candidate, sessionsBefore: number) {
  switch (c.definition.display_type) {
    case 'every_time':
      return true;
    case 'custom': {
      const times = Number(c.definition.display_times);
      return Number.isFinite(times) && sessionsBefore < times;
    }
    default:
      return sessionsBefore === 0;
  }
}

/**
 * The tour to start for this visitor on this URL, or null: among the candidates whose triggers
 * hold and whose display rule allows it, the highest priority, then the most recently published.
 * Tours without steps never show.
 */
export function chooseFlow(
  candidates: Candidate[],
  url: string,
  facts: VisitorFacts,
  now: number,
): Candidate | null {
  const eligible = candidates.filter(
    (c) =>
      c.definition.steps.length > 0 &&
      displayAllows(c, facts.sessionsOf(c.id)) &&
      triggersHold(c, url, facts, now),
  );
  eligible.sort(
    (a, b) =>
      b.definition.priority - a.definition.priority ||
      b.publishedAt.getTime() - a.publishedAt.getTime() ||
      b.id - a.id,
  );
  return eligible[0] ?? null;
}

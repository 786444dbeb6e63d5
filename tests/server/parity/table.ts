import { z } from 'zod';

/**
 * The shape of the mock API's parity tables (tests/README.md, "Mock parity"): per handler file of
 * `tests/mocks/`, the requests `tests/server/mock-parity.test.ts` sends both to the MSW handlers
 * and to the real app, in order, as one signed-up account with one product (and, in the steps
 * marked `stranger`, as a second account). Each answer's status must match; a 2xx body must parse
 * with `contract` on both sides and be equal once the volatile fields (ids, times, keys, cursors)
 * are reduced to their type.
 */

/** What earlier steps saved, per side: `brand` (the account's product) and each `save`. */
export type Saved = Record<string, number | string>;

export interface ParityStep {
  /** Shown in the failure: `<file> › <name>`. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A path under /v1, or one built from what earlier steps saved. */
  path: string | ((s: Saved) => string);
  body?: unknown;
  /** Builds the body from what earlier steps saved (product id, created ids). */
  bodyOf?: (s: Saved) => unknown;
  /** Zod contract of the answer's `data` when it succeeds; errors parse with `apiErrorBody`. */
  contract?: z.ZodType;
  /** Saves values of the answer's `data` (e.g. the created id) for later steps. */
  save?: (data: never) => Saved;
  /**
   * 'values' (default): equal after the volatile fields are reduced to their type.
   * 'shape': only the same keys and value types (numbers the mock makes up, e.g. reports).
   */
  compare?: 'values' | 'shape';
  /** Send without the session token (a refusal). */
  anonymous?: boolean;
  /**
   * Send as the second account (signed up, without a product): the first account's objects must
   * answer 404 to it, as the real server's tenant rule says. Every table has such a step.
   */
  stranger?: boolean;
  /** Keys whose values the mock makes up (e.g. views of a tour): compared by type only. */
  madeUp?: string[];
}

export interface ParityTable {
  /** The handler file of tests/mocks/ these requests exercise. */
  file: string;
  /** What the table covers, in the test's name. */
  title: string;
  /**
   * Tracked events put in the real analytics store first (`customer` did `event` `daysAgo`), so
   * a real answer has rows to compare the mock's canned ones with.
   */
  realEvents?: { event: string; customer: string; daysAgo: number; properties?: object }[];
  steps: ParityStep[];
}

/** `{data, total}`: the list answer of routes without a list schema of their own in lib/contracts. */
export const list = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number() });
/** Saves the answer's id under `key`. */
export const saveId = (key: string) => (data: { id: number }) => ({ [key]: data.id });
/** The query string naming the account's product. */
export const q = (s: Saved) => `brand_id=${s.brand}`;

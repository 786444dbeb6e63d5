import { z } from 'zod';
import { MESSAGES } from '../messages';
import { canonicalIpRange } from '../ip-match';

/**
 * A product's ingestion settings on the Settings page (docs/settings.md): IP capture and event
 * filters. Shared by the routes, the settings form and the mock API.
 */

/** What is kept of the sender's IP address with each event (docs/settings.md, "IP capture"). */
export const IP_CAPTURE_MODES = ['off', 'anonymised', 'full'] as const;
export type IpCaptureMode = (typeof IP_CAPTURE_MODES)[number];

/** PUT v1/brands/{id}/ip-capture, and its answer. */
export const ipCaptureSchema = z.object({
  ip_capture: z.enum(IP_CAPTURE_MODES, { error: MESSAGES.settings.ipCapture }),
});
export type IpCapture = z.infer<typeof ipCaptureSchema>;

export const EVENT_FILTER_KINDS = ['ip', 'customer_id', 'event_code'] as const;
export type EventFilterKind = (typeof EVENT_FILTER_KINDS)[number];

/** Filter rules a product may have (docs/settings.md, "Filters"). */
export const MAX_EVENT_FILTERS = 100;
/** Longest value of a rule: customer ids and event codes are at most 255 characters. */
const MAX_FILTER_VALUE = 255;

const filterValue = z
  .string({ error: MESSAGES.settings.filterValueRequired })
  .trim()
  .min(1, { error: MESSAGES.settings.filterValueRequired })
  .max(MAX_FILTER_VALUE, { error: MESSAGES.field.tooLong(MAX_FILTER_VALUE) });

/** One rule: events matching it are dropped at ingestion, never stored. */
export const eventFilterRule = z
  .object({
    kind: z.enum(EVENT_FILTER_KINDS, { error: MESSAGES.settings.filterKind }),
    value: filterValue,
  })
  .transform((rule, ctx) => {
    if (rule.kind !== 'ip') return rule;
    // One spelling per address or range, so the same rule is found twice whatever its spelling.
    const value = canonicalIpRange(rule.value);
    if (value === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: MESSAGES.settings.badIpRule(rule.value),
      });
      return z.NEVER;
    }
    return { kind: rule.kind, value };
  });
export type EventFilterRule = z.output<typeof eventFilterRule>;

/** PUT v1/brands/{id}/filters: the whole list, replacing the saved one. */
export const eventFiltersBody = z.object({
  rules: z
    .array(eventFilterRule)
    .max(MAX_EVENT_FILTERS, { error: MESSAGES.settings.tooManyFilters(MAX_EVENT_FILTERS) })
    .superRefine((rules, ctx) => {
      const seen = new Set<string>();
      rules.forEach((rule, i) => {
        const key = `${rule.kind} ${rule.value}`;
        if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'value'],
            message: MESSAGES.settings.duplicateFilter,
          });
        seen.add(key);
      });
    }),
});
export type EventFiltersBody = z.input<typeof eventFiltersBody>;

/** GET/PUT v1/brands/{id}/filters: the rules and what they dropped this UTC month. */
export const eventFiltersSchema = z.object({
  rules: z.array(z.object({ kind: z.enum(EVENT_FILTER_KINDS), value: z.string() })),
  /** Events of this product dropped by its filters since the start of the UTC month. */
  filtered_this_month: z.number().int(),
});
export type EventFilters = z.infer<typeof eventFiltersSchema>;
/** The body as the route receives it: ip rules in one spelling. */
export type EventFiltersRules = z.output<typeof eventFiltersBody>;

import { z } from 'zod';
import { MESSAGES } from '../messages';
import { textTypeError } from './common';

/**
 * The live match count of a hand-typed selector (docs/builder.md, "Live match count"): the
 * editor sends the selector, the builder open on the customer's page for that step counts the
 * elements it matches, and the count reaches the editor over the owner's socket room.
 */

/** Socket event to the owner's room with the count (`builderProbeCountSchema`). */
export const BUILDER_PROBE_EVENT = 'builder-probe';
/** Longest selector counted: the editor's CSS selector field takes 1024 characters. */
export const BUILDER_PROBE_SELECTOR_MAX = 1024;

/** Body of POST v1/flows/{id}/builder-probe (dashboard token, the flow's owner). */
export const builderProbeBody = z.object({
  step_id: z
    .string({ error: textTypeError('Step') })
    .trim()
    .min(1, { error: MESSAGES.field.required('Step') })
    .max(64, { error: MESSAGES.field.tooLong(64) }),
  selector: z
    .string({ error: textTypeError('Selector') })
    .trim()
    .min(1, { error: MESSAGES.field.required('Selector') })
    .max(BUILDER_PROBE_SELECTOR_MAX, { error: MESSAGES.field.tooLong(BUILDER_PROBE_SELECTOR_MAX) }),
});
export type BuilderProbeBody = z.infer<typeof builderProbeBody>;

/** `data` of POST v1/flows/{id}/builder-probe: how many open builder pages will count it. */
export const builderProbeSentSchema = z.object({ open_pages: z.number().int().min(0) });
export type BuilderProbeSent = z.infer<typeof builderProbeSentSchema>;

/** `data` of GET v1/builder/probe (builder token): the selector to count, or null. */
export const builderProbeSchema = z.object({ id: z.string(), selector: z.string() }).nullable();
export type BuilderProbe = z.infer<typeof builderProbeSchema>;

/** Body of PUT v1/builder/probe (builder token): the count of the probe `id` on the page. */
export const builderProbeAnswerBody = z.object({
  id: z.string().min(1).max(64),
  count: z.number().int().min(0).max(1_000_000),
});
export type BuilderProbeAnswer = z.infer<typeof builderProbeAnswerBody>;

/** `data` of PUT v1/builder/probe: whether the count went to the editor (false: superseded). */
export const builderProbeAnsweredSchema = z.object({ delivered: z.boolean() });

/** The `builder-probe` event's payload. */
export const builderProbeCountSchema = z.object({
  flow_id: z.number().int(),
  step_id: z.string(),
  selector: z.string(),
  count: z.number().int().min(0),
});
export type BuilderProbeCount = z.infer<typeof builderProbeCountSchema>;

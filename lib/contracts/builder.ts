import { z } from 'zod';
import { MESSAGES } from '../messages';
import { textTypeError } from './common';
import { stepSchema, storedStepSchema } from './flows';
import { BUILDER_MODES } from './builder-constants';
import { themeSchema } from './theme';

/**
 * The builder on the customer's own site (docs/builder.md): a session launched from the editor,
 * the one-time code the page exchanges for a builder token, and the step target it saves.
 */

const stepId = z
  .string({ error: textTypeError('Step') })
  .trim()
  .min(1, { error: MESSAGES.field.required('Step') })
  .max(64, { error: MESSAGES.field.tooLong(64) });

/** Body of POST v1/flows/{id}/builder-sessions (dashboard token, the flow's owner). */
export const builderSessionBody = z.object({
  step_id: stepId,
  url: z
    .string({ error: MESSAGES.builder.urlRequired })
    .trim()
    .min(1, { error: MESSAGES.builder.urlRequired })
    .max(2048, { error: MESSAGES.field.tooLong(2048) }),
  mode: z.enum(BUILDER_MODES, { error: MESSAGES.builder.modeInvalid }),
});
export type BuilderSessionBody = z.infer<typeof builderSessionBody>;

/** The page to open in a new tab: the given URL with the one-time code in its fragment. */
export const builderSessionSchema = z.object({
  open_url: z.string(),
  /** When the code stops being accepted (60 s). */
  expires_at: z.string(),
});
export type BuilderSession = z.infer<typeof builderSessionSchema>;

/** Body of POST v1/builder/exchange, sent by the snippet from the page the code was made for. */
export const builderExchangeBody = z.object({
  code: z
    .string({ error: MESSAGES.builder.codeInvalid })
    .trim()
    .min(1, { error: MESSAGES.builder.codeInvalid })
    .max(64, { error: MESSAGES.builder.codeInvalid }),
  /** The write key of the page's snippet: it must be the session's product's. */
  write_key: z
    .string({ error: MESSAGES.builder.wrongProduct })
    .trim()
    .min(1, { error: MESSAGES.builder.wrongProduct })
    .max(200, { error: MESSAGES.builder.wrongProduct }),
});

/** The step's target as the tour stores it (the flows contract's, whatever it grows into). */
export const builderTargetSchema = stepSchema.shape.select_element.unwrap().unwrap();

/** A builder token and what it is bound to; the builder keeps it in sessionStorage. */
export const builderExchangeSchema = z.object({
  token: z.string(),
  /** When the token stops being accepted (15 minutes). */
  expires_at: z.string(),
  flow_id: z.number().int(),
  step_id: z.string(),
  brand_id: z.number().int(),
  mode: z.enum(BUILDER_MODES),
  /** The origin the token works from: the page's, checked on every call. */
  origin: z.string(),
  /** What the picker shows before the first pick: the step's kind and its current target. */
  step_type: stepSchema.shape.type,
  select_element: builderTargetSchema.nullable(),
});
export type BuilderExchange = z.infer<typeof builderExchangeSchema>;

/** Path of PUT v1/builder/steps/{step_id}/target. */
export const builderStepParams = z.object({ step_id: stepId });

/** Body of PUT v1/builder/steps/{step_id}/target (builder token as Bearer). */
export const builderTargetBody = z.object({ select_element: builderTargetSchema });
export type BuilderTargetBody = z.infer<typeof builderTargetBody>;

/**
 * The saved target: the answer of the PUT and the payload of the socket event the editor
 * receives in its owner's room (BUILDER_TARGET_EVENT).
 */
export const builderTargetSavedSchema = z.object({
  flow_id: z.number().int(),
  step_id: z.string(),
  select_element: builderTargetSchema,
  updated_at: z.string(),
});
export type BuilderTargetSaved = z.infer<typeof builderTargetSavedSchema>;

/**
 * GET v1/builder/flow (builder token, either mode): the tour as saved, published or not, for
 * "Preview on site" to play on the page (only in the marketer's tab).
 */
export const builderFlowSchema = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  name: z.string(),
  steps: z.array(storedStepSchema),
  /** The look visitors get (the product's theme with the tour's override); absent on the free plan. */
  theme: themeSchema.optional(),
});
export type BuilderFlow = z.infer<typeof builderFlowSchema>;

import type { z } from 'zod';
import type { BuilderSession, builderSessionBody } from '@/lib/contracts/builder';
import { http, unwrap } from './http';

/** Body of POST /v1/flows/{id}/builder-sessions as the dashboard sends it: the contract's input. */
export type BuilderSessionParams = z.input<typeof builderSessionBody>;

/**
 * POST /v1/flows/{id}/builder-sessions: a one-time link that opens the page of the customer's
 * site with the builder on it, to pick the step's element or play the tour there
 * (docs/builder.md). Refused with 400 when the page's origin is not one the product trusts.
 */
export const createBuilderSession = (flowId: number, body: BuilderSessionParams) =>
  unwrap<BuilderSession>(http.post(`/v1/flows/${flowId}/builder-sessions`, body));

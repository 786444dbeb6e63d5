import type { z } from 'zod';
import type { BuilderSession, builderSessionBody } from '@/lib/contracts/builder';
import type { BuilderProbeBody, BuilderProbeSent } from '@/lib/contracts/builder-probe';
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

/**
 * POST /v1/flows/{id}/builder-probe: asks the builder pages open for the step to count the
 * elements a hand-typed selector matches; the count comes back over the socket as
 * `builder-probe` (docs/builder.md, "Live match count"). Answers how many pages will count it.
 */
export const sendBuilderProbe = (flowId: number, body: BuilderProbeBody) =>
  unwrap<BuilderProbeSent>(http.post(`/v1/flows/${flowId}/builder-probe`, body));

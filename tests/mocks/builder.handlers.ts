import { http, type HttpHandler } from 'msw';
import { builderSessionBody, type BuilderSession } from '@/lib/contracts/builder';
import { builderProbeBody, type BuilderProbeSent } from '@/lib/contracts/builder-probe';
import { BUILDER_CODE_TTL_MS, BUILDER_FRAGMENT_KEY } from '@/lib/contracts/builder-constants';
import { idParam } from '@/lib/contracts/common';
import { MESSAGES } from '@/lib/messages';
import { trustedPageOrigin } from '@/lib/sources';
import { db, randomToken } from './db';
import { apiError, body, currentUser, ok, unauthorized, validate } from './utils';

/** A product's allowed origins (its trusted sources, kept by the account handlers). */
export type AllowedOriginsOf = (brandId: number) => readonly string[];

/**
 * The builder's launch from the editor (docs/builder.md), as the API answers it: the same checks
 * in the same order, and an open URL with a one-time code in its fragment. The mock keeps no
 * session: the page's side of the builder (exchange, save, counting a probe) runs against the real
 * API only, so a probe from the editor reaches no open page here.
 */
export const builderHandlers = (allowedOriginsOf: AllowedOriginsOf): HttpHandler[] => [
  http.post('*/v1/flows/:id/builder-sessions', async ({ request, params }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const id = validate(idParam, params);
    if (!id.ok) return id.response;
    const parsed = await body(request, builderSessionBody);
    if (!parsed.ok) return parsed.response;
    const flow = db.flows.find((f) => f.id === id.data.id);
    const brand = db.brands.find((b) => b.id === flow?.brand_id && b.owner_id === user.id);
    if (!flow || !brand) return apiError(404, 'not_found', MESSAGES.flows.notFound);
    const { step_id, url } = parsed.data;
    if (!flow.steps.some((s) => s.id === step_id))
      return apiError(400, 'step_not_found', MESSAGES.builder.stepNotFound, [
        { path: 'step_id', message: MESSAGES.builder.stepNotFound },
      ]);
    let page: URL;
    try {
      page = new URL(url);
      const web = page.protocol === 'https:' || page.protocol === 'http:';
      if (!web || page.username || page.password) throw new Error();
    } catch {
      return apiError(400, 'url_invalid', MESSAGES.builder.urlInvalid, [
        { path: 'url', message: MESSAGES.builder.urlInvalid },
      ]);
    }
    if (!trustedPageOrigin(url, brand.domain, allowedOriginsOf(brand.id))) {
      const message = MESSAGES.builder.originRefused(page.origin);
      return apiError(400, 'origin_not_allowed', message, [{ path: 'url', message }]);
    }
    page.hash = `${BUILDER_FRAGMENT_KEY}=${randomToken('', 22)}`;
    const session: BuilderSession = {
      open_url: page.toString(),
      expires_at: new Date(Date.now() + BUILDER_CODE_TTL_MS).toISOString(),
    };
    return ok(session, 201);
  }),
  http.post('*/v1/flows/:id/builder-probe', async ({ request, params }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const id = validate(idParam, params);
    if (!id.ok) return id.response;
    const parsed = await body(request, builderProbeBody);
    if (!parsed.ok) return parsed.response;
    const flow = db.flows.find((f) => f.id === id.data.id);
    const owned = db.brands.some((b) => b.id === flow?.brand_id && b.owner_id === user.id);
    if (!flow || !owned) return apiError(404, 'not_found', MESSAGES.flows.notFound);
    const sent: BuilderProbeSent = { open_pages: 0 };
    return ok(sent);
  }),
];

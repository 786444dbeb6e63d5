import { randomBytes } from 'node:crypto';
import {
  BUILDER_CODE_TTL_MS,
  BUILDER_FRAGMENT_KEY,
  BUILDER_TARGET_EVENT,
  BUILDER_TOKEN_TTL_MS,
} from '../../../lib/contracts/builder-constants';
import type {
  BuilderExchange,
  BuilderFlow,
  BuilderSession,
  BuilderSessionBody,
  BuilderTargetBody,
  BuilderTargetSaved,
} from '../../../lib/contracts/builder';
import { flowBody } from '../../../lib/contracts/flows';
import { MESSAGES } from '../../../lib/messages';
import { trustedPageOrigin } from '../../../lib/sources';
import { AppError, notFound } from '../../errors';
import { hashToken, newToken } from '../../lib/tokens';
import type { Realtime } from '../../realtime/notifier';
import type { WriteKeys } from '../ingest/write-keys';
import type { BrandsRepository } from '../brands/brands.repository';
import { toFlowDto, type FlowsRepository } from '../flows/flows.repository';
import type { FlowsService } from '../flows/flows.service';
import type { BuilderRepository, BuilderSessionRow } from './builder.repository';

/** 128 random bits, URL-safe: the launch code in the open URL's fragment. */
const newCode = () => randomBytes(16).toString('base64url');

/**
 * Called with the session's origin once a code or token is known to belong to the calling page:
 * the route answers that origin in CORS, and no other (docs/builder.md, "Security model").
 */
export type AllowOrigin = (origin: string) => void;

/** A call of the builder from the customer's page: its bearer token and `Origin`. */
export interface BuilderCaller {
  token: string | undefined;
  origin: string | undefined;
  allow: AllowOrigin;
}

const codeInvalid = () => new AppError(401, 'builder_code_invalid', MESSAGES.builder.codeInvalid);
const tokenInvalid = () =>
  new AppError(401, 'builder_token_invalid', MESSAGES.builder.tokenInvalid);

/**
 * The builder on the customer's site (docs/builder.md): the editor launches a session for one
 * step of one flow on a page of a trusted origin; the page exchanges the one-time code for a
 * builder token, which may save that step's target and nothing else.
 */
export function createBuilderService(deps: {
  sessions: BuilderRepository;
  flows: FlowsRepository;
  flowsService: FlowsService;
  brands: BrandsRepository;
  realtime: Realtime;
  /** The product of the page's write key: an exchange from another product's page is refused. */
  writeKeys: Pick<WriteKeys, 'resolve'>;
  now: () => Date;
}) {
  const { sessions, flows, now } = deps;

  /** The flow as its owner saved it, still in the product the session was made for. */
  const boundFlow = async (row: BuilderSessionRow) => {
    const flow = await flows.find(row.userId, row.flowId);
    if (!flow || flow.brandId !== row.brandId) throw notFound(MESSAGES.flows.notFound);
    return flow;
  };
  const stepOf = (flow: Awaited<ReturnType<typeof boundFlow>>, stepId: string) => {
    const step = flow.definition.steps.find((s) => s.id === stepId);
    if (!step) throw notFound(MESSAGES.builder.stepNotFound);
    return step;
  };

  /** The session of a builder token, refused unless it is alive and called from its origin. */
  const authenticate = async ({ token, origin, allow }: BuilderCaller) => {
    const row = token ? await sessions.findByToken(hashToken(token)) : undefined;
    if (!row?.tokenExpiresAt) throw tokenInvalid();
    if (origin !== row.origin)
      throw new AppError(403, 'builder_wrong_origin', MESSAGES.builder.wrongOrigin);
    allow(row.origin);
    if (row.tokenExpiresAt.getTime() <= now().getTime()) throw tokenInvalid();
    return row;
  };

  return {
    async createSession(
      ownerId: string,
      flowId: number,
      body: BuilderSessionBody,
    ): Promise<BuilderSession> {
      const flow = await flows.find(ownerId, flowId);
      if (!flow) throw notFound(MESSAGES.flows.notFound);
      if (!flow.definition.steps.some((s) => s.id === body.step_id))
        throw new AppError(400, 'step_not_found', MESSAGES.builder.stepNotFound, [
          { path: 'step_id', message: MESSAGES.builder.stepNotFound },
        ]);
      const brand = await deps.brands.find(ownerId, flow.brandId);
      if (!brand) throw notFound(MESSAGES.flows.notFound);
      let page: URL;
      try {
        page = new URL(body.url);
        const web = page.protocol === 'https:' || page.protocol === 'http:';
        if (!web || page.username || page.password) throw new Error();
      } catch {
        throw new AppError(400, 'url_invalid', MESSAGES.builder.urlInvalid, [
          { path: 'url', message: MESSAGES.builder.urlInvalid },
        ]);
      }
      const origin = trustedPageOrigin(body.url, brand.domain, brand.allowedOrigins);
      if (!origin) {
        const message = MESSAGES.builder.originRefused(page.origin);
        throw new AppError(400, 'origin_not_allowed', message, [{ path: 'url', message }]);
      }
      const at = now();
      await sessions.purgeExpired(at);
      const code = newCode();
      const expiresAt = new Date(at.getTime() + BUILDER_CODE_TTL_MS);
      await sessions.insert({
        userId: ownerId,
        brandId: flow.brandId,
        flowId: flow.id,
        stepId: body.step_id,
        origin,
        mode: body.mode,
        codeHash: hashToken(code),
        codeExpiresAt: expiresAt,
        createdAt: at,
      });
      // The fragment never reaches a server, and the snippet removes it before the page's
      // router runs (docs/builder.md).
      page.hash = `${BUILDER_FRAGMENT_KEY}=${code}`;
      return { open_url: page.toString(), expires_at: expiresAt.toISOString() };
    },

    /** Trades a launch code for a builder token: once, within 60 s, from its origin and product page. */
    async exchange(
      code: string,
      writeKey: string,
      origin: string | undefined,
      allow: AllowOrigin,
    ): Promise<BuilderExchange> {
      const found = await sessions.findByCode(hashToken(code));
      if (!found) throw codeInvalid();
      // Any use spends the code, a refused one too: a code that leaked is dead after one try.
      const row = await sessions.claimCode(found.id, now());
      if (origin !== found.origin)
        throw new AppError(403, 'builder_wrong_origin', MESSAGES.builder.codeWrongOrigin);
      allow(found.origin);
      if (!row || row.codeExpiresAt.getTime() <= now().getTime()) throw codeInvalid();
      // The page's snippet must be the session's product's: an account may list any site as
      // allowed, but only that site's own snippet can open its builder (docs/builder.md).
      const page = await deps.writeKeys.resolve(writeKey);
      if (page?.brandId !== row.brandId)
        throw new AppError(403, 'builder_wrong_product', MESSAGES.builder.wrongProduct);
      const step = stepOf(await boundFlow(row), row.stepId);
      const token = newToken();
      const expiresAt = new Date(now().getTime() + BUILDER_TOKEN_TTL_MS);
      await sessions.issueToken(row.id, hashToken(token), expiresAt);
      return {
        token,
        expires_at: expiresAt.toISOString(),
        flow_id: row.flowId,
        step_id: row.stepId,
        brand_id: row.brandId,
        mode: row.mode,
        origin: row.origin,
        step_type: step.type,
        select_element: step.select_element ?? null,
      };
    },

    /** The tour as saved, for a preview on the page (either mode may read it). */
    async flow(auth: BuilderCaller): Promise<BuilderFlow> {
      const row = await authenticate(auth);
      const flow = await boundFlow(row);
      return { id: flow.id, brand_id: flow.brandId, name: flow.name, steps: flow.definition.steps };
    },

    /**
     * Saves the target of the token's step in the tour as saved, then tells the owner's editor
     * through their socket room so it shows the pick without a reload.
     */
    async saveTarget(
      auth: BuilderCaller,
      stepId: string,
      body: BuilderTargetBody,
    ): Promise<BuilderTargetSaved> {
      const row = await authenticate(auth);
      if (row.mode !== 'pick')
        throw new AppError(403, 'builder_preview_only', MESSAGES.builder.previewOnly);
      if (stepId !== row.stepId)
        throw new AppError(403, 'builder_other_step', MESSAGES.builder.otherStep);
      const current = await boundFlow(row);
      stepOf(current, stepId);
      const flow = toFlowDto(current);
      const steps = flow.steps.map((s) =>
        s.id === stepId ? { ...s, select_element: body.select_element } : s,
      );
      const parsed = flowBody.safeParse({ ...flow, steps });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AppError(400, 'validation_error', issue?.message ?? MESSAGES.http.validation);
      }
      const saved = await deps.flowsService.update(row.userId, row.flowId, parsed.data);
      const step = saved.steps.find((s) => s.id === stepId);
      const answer: BuilderTargetSaved = {
        flow_id: saved.id,
        step_id: stepId,
        select_element: step?.select_element ?? body.select_element,
        updated_at: saved.updated_at,
      };
      deps.realtime.emitToUser(row.userId, BUILDER_TARGET_EVENT, answer);
      return answer;
    },
  };
}
export type BuilderService = ReturnType<typeof createBuilderService>;

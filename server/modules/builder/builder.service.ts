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
import { selectElementSchema } from '../../../lib/contracts/flows';
import { stepProblems } from '../../../lib/flows/checks';
import { MESSAGES } from '../../../lib/messages';
import { trustedPageOrigin } from '../../../lib/sources';
import { AppError, notFound } from '../../errors';
import { hashToken, newToken } from '../../lib/tokens';
import type { Realtime } from '../../realtime/notifier';
import type { WriteKeys } from '../ingest/write-keys';
import type { BrandsRepository } from '../brands/brands.repository';
import type { Db } from '../../db/client';
import type { FlowDefinition } from '../../db/schema';
import type { FlowRow, FlowsRepository } from '../flows/flows.repository';
import { assertComplete, checkPlanLimits, sizeOf } from '../flows/flows.service';
import type { Theme } from '../../../lib/contracts/theme';
import type { SavedFlow } from '../flows/runtime/published-flows';
import type { PlansRepository } from '../plans/plans.repository';
import type { BuilderRepository, BuilderSessionRow } from './builder.repository';
import { builderAuthenticator, type AllowOrigin, type BuilderCaller } from './builder-auth';

/** 128 random bits, URL-safe: the launch code in the open URL's fragment. */
const newCode = () => randomBytes(16).toString('base64url');

const codeInvalid = () => new AppError(401, 'builder_code_invalid', MESSAGES.builder.codeInvalid);

/**
 * The builder on the customer's site (docs/builder.md): the editor launches a session for one
 * step of one flow on a page of a trusted origin; the page exchanges the one-time code for a
 * builder token, which may save that step's target and nothing else.
 */
export function createBuilderService(deps: {
  sessions: BuilderRepository;
  flows: FlowsRepository;
  brands: BrandsRepository;
  realtime: Realtime;
  /** The product of the page's write key: an exchange from another product's page is refused. */
  writeKeys: Pick<WriteKeys, 'resolve'>;
  /** With it, a pick that grows the tour stays within the plan's bytes, as the editor's Save. */
  plans?: Pick<PlansRepository, 'subscriptionOf' | 'lockSubscription'>;
  /** A published tour's target changed: the runtime's cache reads it again (flows.service.ts). */
  onChanged?: (brandId: number, saved?: SavedFlow) => Promise<void>;
  /** The look visitors get: the product's theme with the tour's override (themes.service.ts). */
  theme?: (brandId: number, override?: unknown) => Promise<Theme | null>;
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

  /** The session of a builder token, alive and called from its origin (builder-auth.ts). */
  const authenticate = builderAuthenticator(sessions, now);

  /**
   * The checks of a pick (docs/builder.md, "Save"), on what it changes only: the new target
   * against the flows contract, on a published tour the publish checks of its step that the new
   * target fails and the old one did not, and the plan's bytes when the tour grows (the editor's
   * Save's rules, flows.service.ts). The rest of the stored tour is not judged again, so a tour
   * saved before a check tightened still takes a pick. Its stored size in bytes.
   */
  const checkTarget = async (
    ownerId: string,
    stepId: string,
    current: FlowRow,
    definition: FlowDefinition,
    tx: Db,
  ): Promise<number> => {
    const before = current.definition.steps.find((s) => s.id === stepId);
    const step = definition.steps.find((s) => s.id === stepId);
    if (!before || !step) throw notFound(MESSAGES.builder.stepNotFound);
    const parsed = selectElementSchema.safeParse(step.select_element);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError(400, 'validation_error', issue?.message ?? MESSAGES.http.validation, [
        {
          path: ['select_element', ...(issue?.path ?? [])].join('.'),
          message: issue?.message ?? MESSAGES.http.validation,
        },
      ]);
    }
    if (current.published) {
      const ids = definition.steps.map((s) => s.id);
      const had = stepProblems(before, ids);
      assertComplete(stepProblems(step, ids).filter((p) => !had.includes(p)));
    }
    const bytes = sizeOf(definition, current.layout);
    if (deps.plans)
      await checkPlanLimits(
        { flows, plans: deps.plans },
        ownerId,
        {
          brandId: current.brandId,
          adds: false,
          bytes,
          before: { id: current.id, bytes: current.definitionBytes },
        },
        tx,
      );
    return bytes;
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

    /**
     * Ends the token's session (the builder's Cancel): the token is refused from then on, by
     * every node, since the session is gone from the database.
     */
    async cancel(auth: BuilderCaller): Promise<void> {
      const row = await authenticate(auth);
      await sessions.revoke(row.id);
    },

    /** The tour as saved, for a preview on the page (either mode may read it). */
    async flow(auth: BuilderCaller): Promise<BuilderFlow> {
      const row = await authenticate(auth);
      const flow = await boundFlow(row);
      const theme = await deps.theme?.(flow.brandId, flow.definition.theme_override);
      return {
        id: flow.id,
        brand_id: flow.brandId,
        name: flow.name,
        steps: flow.definition.steps,
        ...(theme ? { theme } : {}),
      };
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
      const row = await authenticate(auth, { pickOnly: true });
      if (stepId !== row.stepId)
        throw new AppError(403, 'builder_other_step', MESSAGES.builder.otherStep);
      stepOf(await boundFlow(row), stepId);
      // Only this step's target is written, into the tour as stored at that moment (row lock):
      // an editor save landing meanwhile keeps its changes (docs/builder.md, "Save").
      const saved = await flows.setStepTarget(
        row.userId,
        row.flowId,
        {
          brandId: row.brandId,
          stepId,
          selectElement: body.select_element,
          at: now(),
        },
        {
          first: deps.plans ? (tx) => deps.plans!.lockSubscription(row.userId, tx) : undefined,
          check: (current, definition, tx) =>
            checkTarget(row.userId, stepId, current, definition, tx),
        },
      );
      if (!saved) throw notFound(MESSAGES.builder.stepNotFound);
      if (saved.published) await deps.onChanged?.(saved.brandId, saved);
      const answer: BuilderTargetSaved = {
        flow_id: saved.id,
        step_id: stepId,
        select_element:
          saved.definition.steps.find((s) => s.id === stepId)?.select_element ??
          body.select_element,
        updated_at: saved.updatedAt.toISOString(),
      };
      deps.realtime.emitToUser(row.userId, BUILDER_TARGET_EVENT, answer);
      return answer;
    },
  };
}
export type BuilderService = ReturnType<typeof createBuilderService>;

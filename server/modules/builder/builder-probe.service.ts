import { randomUUID } from 'node:crypto';
import {
  BUILDER_PROBE_EVENT,
  type BuilderProbe,
  type BuilderProbeAnswer,
  type BuilderProbeBody,
  type BuilderProbeCount,
  type BuilderProbeSent,
} from '../../../lib/contracts/builder-probe';
import { MESSAGES } from '../../../lib/messages';
import { hashToken } from '../../lib/tokens';
import { AppError, notFound } from '../../errors';
import type { Realtime } from '../../realtime/notifier';
import type { FlowsRepository } from '../flows/flows.repository';
import type { BuilderRepository } from './builder.repository';
import type { BuilderCaller } from './builder.service';
import type { BuilderProbeRepository } from './builder-probe.repository';

const tokenInvalid = () =>
  new AppError(401, 'builder_token_invalid', MESSAGES.builder.tokenInvalid);

/**
 * The live match count of a selector typed in the editor (docs/builder.md, "Live match count").
 * The editor asks (`send`); each builder page open for that step picks the request up on its
 * next poll (`next`) and answers with the number of elements the selector matches there
 * (`answer`), which goes to the owner's socket room as `builder-probe`. The request is kept in
 * the database, one per builder session, so the nodes that take the three calls may differ.
 */
export function createBuilderProbeService(deps: {
  probes: BuilderProbeRepository;
  sessions: Pick<BuilderRepository, 'findByToken'>;
  flows: Pick<FlowsRepository, 'findHead'>;
  realtime: Realtime;
  now: () => Date;
}) {
  const { probes, now } = deps;

  /**
   * The session of a builder token, with the builder routes' rules (builder.service.ts): alive,
   * called from its own origin, which is then allowed in CORS; a pick session (only the picker
   * counts).
   */
  const authenticate = async ({ token, origin, allow }: BuilderCaller) => {
    const row = token ? await deps.sessions.findByToken(hashToken(token)) : undefined;
    if (!row?.tokenExpiresAt) throw tokenInvalid();
    if (origin !== row.origin)
      throw new AppError(403, 'builder_wrong_origin', MESSAGES.builder.wrongOrigin);
    allow(row.origin);
    if (row.tokenExpiresAt.getTime() <= now().getTime()) throw tokenInvalid();
    if (row.mode !== 'pick')
      throw new AppError(403, 'builder_preview_only', MESSAGES.builder.previewOnly);
    return row;
  };

  return {
    /** The owner's request: the selector goes to every open pick page of that flow's step. */
    async send(ownerId: string, flowId: number, body: BuilderProbeBody): Promise<BuilderProbeSent> {
      const flow = await deps.flows.findHead(ownerId, flowId);
      if (!flow) throw notFound(MESSAGES.flows.notFound);
      const at = now();
      const pages = await probes.openPages(ownerId, flowId, body.step_id, at);
      const probeId = randomUUID();
      for (const page of pages)
        await probes.put({ sessionId: page.id, probeId, selector: body.selector, createdAt: at });
      return { open_pages: pages.length };
    },

    /** The builder page's poll: the selector to count, or null. */
    async next(caller: BuilderCaller): Promise<BuilderProbe> {
      const row = await authenticate(caller);
      const probe = await probes.pending(row.id);
      return probe ? { id: probe.probeId, selector: probe.selector } : null;
    },

    /**
     * The page's count: delivered to the owner's editor when it answers the pending request
     * (an answer to one the editor has since replaced is dropped).
     */
    async answer(caller: BuilderCaller, body: BuilderProbeAnswer): Promise<{ delivered: boolean }> {
      const row = await authenticate(caller);
      const probe = await probes.take(row.id, body.id);
      if (!probe) return { delivered: false };
      const count: BuilderProbeCount = {
        flow_id: row.flowId,
        step_id: row.stepId,
        selector: probe.selector,
        count: body.count,
      };
      deps.realtime.emitToUser(row.userId, BUILDER_PROBE_EVENT, count);
      return { delivered: true };
    },
  };
}
export type BuilderProbeService = ReturnType<typeof createBuilderProbeService>;

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
import { notFound } from '../../errors';
import type { Realtime } from '../../realtime/notifier';
import type { FlowsRepository } from '../flows/flows.repository';
import type { BuilderRepository } from './builder.repository';
import { builderAuthenticator, type BuilderCaller } from './builder-auth';
import type { BuilderProbeRepository } from './builder-probe.repository';

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

  /** The builder routes' token check (builder-auth.ts); only the picker counts. */
  const check = builderAuthenticator(deps.sessions, now);
  const authenticate = (caller: BuilderCaller) => check(caller, { pickOnly: true });

  return {
    /**
     * The owner's request: the selector goes to the open pick pages of that flow's step, the
     * newest MAX_OPEN_PICK_PAGES of them, in one statement.
     */
    async send(ownerId: string, flowId: number, body: BuilderProbeBody): Promise<BuilderProbeSent> {
      const flow = await deps.flows.findHead(ownerId, flowId);
      if (!flow) throw notFound(MESSAGES.flows.notFound);
      const at = now();
      const pages = await probes.openPages(ownerId, flowId, body.step_id, at);
      await probes.put(
        pages.map((p) => p.id),
        { probeId: randomUUID(), selector: body.selector, createdAt: at },
      );
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

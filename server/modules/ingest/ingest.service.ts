import type { IngestResult, IngestType } from '../../../lib/contracts/ingest';
import { MESSAGES } from '../../../lib/messages';
import { OverloadedError, type Batcher } from '../../analytics/batcher';
import { AppError, tooManyRequests, unauthorized } from '../../errors';
import { normalizeAll, requestContext, type RequestFacts } from './ingest.normalize';
import type { WriteKeys } from './write-keys';

export interface IngestRequest {
  writeKey: string | undefined;
  messages: unknown[];
  impliedType?: IngestType;
  sentAt?: unknown;
  context?: unknown;
  userAgent: string | null;
  country: string | null;
}

/** A 400 that still reports the per-event verdicts. */
export class NothingAccepted extends AppError {
  constructor(readonly result: IngestResult) {
    super(
      400,
      'no_valid_events',
      result.rejected[0]?.message ?? MESSAGES.ingest.noneAccepted,
      result.rejected.map((r) => ({ path: `batch.${r.index}`, message: r.message })),
    );
  }
}

/** Validate → enrich → group-commit batcher → acknowledge (ARCHITECTURE §6). */
export function createIngestService(deps: {
  writeKeys: WriteKeys;
  batcher: Batcher;
  /** Refuses (402) an account whose MAU grace period is over. */
  usage?: { allowIngest(ownerId: string): Promise<void> };
}) {
  return {
    async ingest(req: IngestRequest): Promise<IngestResult> {
      if (!req.writeKey) throw unauthorized(MESSAGES.ingest.noKey);
      const owner = await deps.writeKeys.resolve(req.writeKey);
      if (!owner) throw unauthorized(MESSAGES.ingest.unknownKey);
      await deps.usage?.allowIngest(owner.ownerId);
      const facts: RequestFacts = {
        brandId: owner.brandId,
        receivedAt: Date.now(),
        sentAt: req.sentAt,
        context: requestContext(req.context),
        userAgent: req.userAgent,
        country: req.country,
      };
      const { rows, rejected } = normalizeAll(req.messages, facts, req.impliedType);
      if (rows.length === 0) throw new NothingAccepted({ accepted: 0, rejected });
      try {
        await deps.batcher.submit({ rows, ownerId: owner.ownerId });
      } catch (err) {
        if (err instanceof OverloadedError)
          throw tooManyRequests(MESSAGES.ingest.overloaded, err.retryAfterSeconds);
        throw new AppError(503, 'store_unavailable', MESSAGES.ingest.unavailable, undefined, {
          'retry-after': '5',
        });
      }
      return { accepted: rows.length, rejected };
    },
  };
}
export type IngestService = ReturnType<typeof createIngestService>;

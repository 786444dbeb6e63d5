import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IngestResult, IngestType } from '../../../lib/contracts/ingest';
import { MESSAGES } from '../../../lib/messages';
import { originAllowed } from '../../../lib/sources';
import { anonymiseIp, canonicalIp } from '../../../lib/ip-match';
import type { IpCaptureMode } from '../../../lib/contracts/brand-settings';
import {
  approxRowBytes,
  isDataError,
  OverloadedError,
  StoreUnavailableError,
  type Batcher,
} from '../../analytics/batcher';
import { AppError, tooManyRequests, unauthorized } from '../../errors';
import type { DiskWatermark } from '../../lib/disk-space';
import type { EventRow } from '../../analytics/types';
import { normalizeAll, requestContext, type RequestFacts } from './ingest.normalize';
import type { FairUse } from './fair-use';
import type { KeyOwner, WriteKeys } from './write-keys';

export interface IngestRequest {
  writeKey: string | undefined;
  messages: unknown[];
  impliedType?: IngestType;
  sentAt?: unknown;
  context?: unknown;
  userAgent: string | null;
  country: string | null;
  /** The request's Origin header: set by browsers, absent from server-side libraries. */
  origin?: string;
  /** The client's address: too many unknown keys from it are refused (write-keys.ts). */
  address?: string;
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

/**
 * Browsers name the page's site in `Origin`: it must be one the product accepts, and a secret
 * server key never comes from a browser. Requests without Origin (server-side libraries) pass.
 */
function checkOrigin(owner: KeyOwner, origin: string | undefined) {
  if (origin === undefined) return;
  if (owner.trusted)
    throw new AppError(403, 'server_key_in_browser', MESSAGES.ingest.serverKeyInBrowser);
  if (!originAllowed(origin, owner.domain, owner.allowedOrigins))
    throw new AppError(403, 'origin_not_allowed', MESSAGES.ingest.originRefused(origin));
}

/**
 * The product a browser or server call is for: its write key (401 when missing or unknown) and,
 * from a browser, its origin (403). Ingestion and the flow runtime both start here.
 */
export async function resolveCaller(
  writeKeys: Pick<WriteKeys, 'resolve'>,
  writeKey: string | undefined,
  origin: string | undefined,
  address?: string,
): Promise<KeyOwner> {
  if (!writeKey) throw unauthorized(MESSAGES.ingest.noKey);
  const owner = await writeKeys.resolve(writeKey, address);
  if (!owner) throw unauthorized(MESSAGES.ingest.unknownKey);
  checkOrigin(owner, origin);
  return owner;
}

/** HMAC-SHA256(userId, identity secret) as hex, compared in constant time. */
export function verifySignedIdentity(
  userId: string,
  hash: string | null,
  secret: string | null,
): boolean {
  if (!hash || !secret || !/^[0-9a-f]{64}$/i.test(hash)) return false;
  const expected = createHmac('sha256', secret).update(userId).digest();
  return timingSafeEqual(expected, Buffer.from(hash, 'hex'));
}

/** The rows a product's filters keep, and how many they dropped. */
function applyFilters(owner: KeyOwner, address: string | undefined, rows: EventRow[]) {
  const filters = owner.filters;
  if (!filters || filters.empty) return { rows, dropped: 0 };
  if (filters.dropsAddress(address)) return { rows: [], dropped: rows.length };
  const kept = rows.filter((row) => !filters.dropsEvent(row));
  return { rows: kept, dropped: rows.length - kept.length };
}

/** The sender's address as IP capture keeps it (docs/settings.md, "IP capture"). */
export function capturedIp(mode: IpCaptureMode | undefined, address: string | undefined) {
  if (!address || !mode || mode === 'off') return null;
  return mode === 'anonymised' ? anonymiseIp(address) : canonicalIp(address);
}

/** Validate → enrich → group-commit batcher → acknowledge (docs/architecture.md#6-data). */
export function createIngestService(deps: {
  writeKeys: WriteKeys;
  batcher: Batcher;
  /** Refuses (402) an account whose MAU grace period is over. */
  usage?: { allowIngest(ownerId: string): Promise<{ mauLimit: number }> };
  /** Token bucket per product and daily allowances per account. */
  fairUse?: FairUse;
  /** Refuses (507) while the data directory's disk is nearly full. */
  disk?: Pick<DiskWatermark, 'check'>;
  /** The server clock: receive time, the timestamp window and the MAU month follow it. */
  now?: () => Date;
  /** Counts the events a product's filters dropped (docs/settings.md, "Filters"). */
  filtered?: { record(brandId: number, ownerId: string, events: number): Promise<void> };
  /** Drops the events of customers erased with `suppress` (docs/data-rights.md). */
  suppressions?: {
    keep(brandId: number, rows: EventRow[]): Promise<{ rows: EventRow[]; dropped: number }>;
  };
  /** Counts the events suppressions dropped. */
  suppressed?: { record(brandId: number, ownerId: string, events: number): Promise<void> };
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async ingest(req: IngestRequest): Promise<IngestResult> {
      const owner = await resolveCaller(deps.writeKeys, req.writeKey, req.origin, req.address);
      await deps.disk?.check();
      await deps.fairUse?.take(owner.brandId, req.messages.length);
      const usage = await deps.usage?.allowIngest(owner.ownerId);
      if (usage) await deps.fairUse?.checkDaily(owner.ownerId, usage.mauLimit, req.messages.length);
      let unverified = 0;
      const facts: RequestFacts = {
        brandId: owner.brandId,
        receivedAt: now().getTime(),
        sentAt: req.sentAt,
        context: requestContext(req.context),
        userAgent: req.userAgent,
        country: req.country,
        verifyIdentity:
          owner.requireSignedIdentity && !owner.trusted
            ? (userId, hash) => verifySignedIdentity(userId, hash, owner.identitySecret)
            : undefined,
        onUnverified: () => void unverified++,
        ipCapture: owner.ipCapture,
        ip: capturedIp(owner.ipCapture, req.address),
      };
      const normalized = normalizeAll(req.messages, facts, req.impliedType);
      const { rejected, rejectedMore } = normalized;
      const verdicts = {
        rejected,
        ...(rejectedMore > 0 ? { rejectedMore } : {}),
        ...(unverified > 0 ? { unverified } : {}),
      };
      if (normalized.rows.length === 0) throw new NothingAccepted({ accepted: 0, ...verdicts });
      // Filters drop events before anything is stored or counted as active; the client hears
      // they were accepted, so it never sends them again (docs/settings.md, "Filters").
      const filtered = applyFilters(owner, req.address, normalized.rows);
      if (filtered.dropped > 0)
        await deps.filtered?.record(owner.brandId, owner.ownerId, filtered.dropped);
      // So do suppressions: customers erased with `suppress` (docs/data-rights.md).
      const unsuppressed =
        owner.hasSuppressions && deps.suppressions
          ? await deps.suppressions.keep(owner.brandId, filtered.rows)
          : { rows: filtered.rows, dropped: 0 };
      if (unsuppressed.dropped > 0)
        await deps.suppressed?.record(owner.brandId, owner.ownerId, unsuppressed.dropped);
      const { rows } = unsuppressed;
      const dropped = filtered.dropped + unsuppressed.dropped;
      if (rows.length === 0) return { accepted: dropped, ...verdicts };
      let bytes = 0;
      for (const row of rows) bytes += approxRowBytes(row);
      if (usage) await deps.fairUse?.checkDailyBytes(owner.ownerId, usage.mauLimit, bytes);
      try {
        await deps.batcher.submit({ rows, ownerId: owner.ownerId, bytes });
      } catch (err) {
        if (err instanceof OverloadedError)
          throw tooManyRequests(MESSAGES.ingest.overloaded, err.retryAfterSeconds);
        // The database refused this request's own values (validation should have caught them):
        // sending it again cannot succeed, so it is not answered with a retryable 503.
        if (err instanceof StoreUnavailableError && isDataError(err.cause))
          throw new AppError(400, 'profile_rejected', MESSAGES.ingest.profileRejected);
        throw new AppError(503, 'store_unavailable', MESSAGES.ingest.unavailable, undefined, {
          'retry-after': '5',
        });
      }
      await deps.fairUse?.record(owner.ownerId, rows.length, bytes);
      return { accepted: rows.length + dropped, ...verdicts };
    },
  };
}
export type IngestService = ReturnType<typeof createIngestService>;

import type { ReportGranularity } from '../../lib/contracts/flow-runtime';

/** The event code of a short link's click (docs/short-urls.md, "How clicks are stored"). */
export const LINK_CLICKED_EVENT = 'link_clicked';

/**
 * The report of one short link (docs/short-urls.md, "Report"): `link_clicked` events of the
 * link (properties.link_id) in [from, to). Totals count every click; the series and breakdowns
 * leave out bot clicks (properties.bot) unless `includeBots`.
 */
export interface LinkClicksShape {
  kind: 'linkClicks';
  brandId: number;
  linkId: number;
  from: Date;
  to: Date;
  granularity: ReportGranularity;
  timeZone: string;
  includeBots: boolean;
  /** Values per breakdown, largest first. */
  limit: number;
}

export type LinkClickDimension = 'country' | 'referrer' | 'device' | 'utm_source';

export interface LinkClicksResult {
  /** Every click of the range, bots included, and how many were unique and bots. */
  totals: { clicks: number; unique: number; bots: number };
  /** Clicks and unique clicks per bucket start (YYYY-MM-DD on the zone's clock); empty ones absent. */
  buckets: { bucket: string; clicks: number; unique: number }[];
  /** Largest first; '' stands for "unknown" (no country, no referrer, …). */
  breakdowns: Record<LinkClickDimension, { value: string; clicks: number }[]>;
}

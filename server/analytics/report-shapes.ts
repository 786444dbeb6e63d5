import type { ReportGranularity } from '../../lib/contracts/flow-runtime';
import type { BreakdownSource, PropertyFilter, TrendMeasure } from '../../lib/contracts/reports';

/** The report query shapes (docs/reports.md, "How a report is computed"). */

/**
 * One trend series of a report (docs/reports.md): the measure per bucket of the product's time
 * zone and over the whole range, per breakdown value when `breakdown` is set.
 */
export interface ReportTrendShape {
  kind: 'reportTrend';
  brandId: number;
  event: string;
  measure: TrendMeasure;
  /** The numeric property of `sum` and `avg`. */
  property: string | null;
  filters: PropertyFilter[];
  breakdown: string | null;
  /** Where the breakdown value is read: the event's property (default) or the customer's. */
  breakdownSource?: BreakdownSource;
  /** Breakdown values kept apart; the others are grouped as OTHER_BREAKDOWN. */
  top: string[] | null;
  from: Date;
  to: Date;
  granularity: ReportGranularity;
  timeZone: string;
}

/** The breakdown values with the largest measure over the range, largest first. */
export interface ReportTopValuesShape {
  kind: 'reportTopValues';
  brandId: number;
  event: string;
  measure: TrendMeasure;
  property: string | null;
  filters: PropertyFilter[];
  breakdown: string;
  breakdownSource?: BreakdownSource;
  from: Date;
  to: Date;
  limit: number;
}

/** A row of `reportTrend`: bucket null for the total over the range; breakdown null without one. */
export interface ReportTrendRow {
  bucket: string | null;
  breakdown: string | null;
  value: number;
}

/**
 * A funnel (docs/reports.md, "Funnels"): customers whose first step-1 event in [from, to) is
 * followed, in order, by each later step within `windowMs` of it.
 */
export interface ReportFunnelShape {
  kind: 'reportFunnel';
  brandId: number;
  steps: { event: string; filters: PropertyFilter[] }[];
  from: Date;
  to: Date;
  windowMs: number;
}

/** Customer keys behind one funnel step, in key order, at most `limit`. */
export interface ReportFunnelCustomersShape extends Omit<ReportFunnelShape, 'kind'> {
  kind: 'reportFunnelCustomers';
  step: number;
  /** Reached the step, or reached the one before and not it (step ≥ 1). */
  outcome: 'converted' | 'dropped';
  limit: number;
}

/** Customers who reached a step, and the median time from the step before (null for the first). */
export interface FunnelStepRow {
  step: number;
  customers: number;
  medianMs: number | null;
}

/**
 * Retention (docs/reports.md, "Retention"): customers by the bucket of their first start event
 * in [from, to) on the zone's clock, and how many of each cohort did the return event, at or
 * after that first start, per bucket of the return.
 */
export interface ReportRetentionShape {
  kind: 'reportRetention';
  brandId: number;
  startEvent: string;
  /** Who may enter a cohort: filters on their start events (all of them must hold). */
  filters?: PropertyFilter[];
  returnEvent: string;
  period: ReportGranularity;
  from: Date;
  to: Date;
  timeZone: string;
}

/** A cohort's size (`bucket` null) or its returning customers in one bucket. */
export interface RetentionRow {
  cohort: string;
  bucket: string | null;
  customers: number;
}

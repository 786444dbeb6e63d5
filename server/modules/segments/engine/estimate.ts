/**
 * A preview's estimate when it stops at its time budget (docs/segments.md, "Preview"): the
 * members found among the profiles read so far, scaled to every profile of the product, with
 * the 95% interval of that proportion.
 */

/** The normal quantile of a two-sided 95% interval. */
const Z95 = 1.959_963_984_540_054;

export interface SegmentEstimate {
  count: number;
  ci95: [number, number];
}

/**
 * `members` found among the first `read` of `total` profiles. The interval is Wilson's score
 * interval of the proportion (the normal approximation, which unlike the plain one does not
 * shrink to a point when none or all of the profiles read are members), with the sample size
 * corrected for the finite population (the variance times (total − read) / (total − 1)). Both
 * ends are clamped to what is certain: at least the members found, at most those plus every
 * profile not read. Rounded outwards, so the interval is never narrower than computed.
 */
export function estimateMembers(members: number, read: number, total: number): SegmentEstimate {
  const all = Math.max(total, read);
  const unread = all - read;
  if (read === 0 || unread === 0) return { count: members, ci95: [members, members] };
  const p = members / read;
  const n = (read * (all - 1)) / unread;
  const z2n = (Z95 * Z95) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n))) / (1 + z2n);
  const clamp = (v: number) => Math.min(members + unread, Math.max(members, v));
  return {
    count: clamp(Math.round(p * all)),
    ci95: [clamp(Math.floor(all * (centre - half))), clamp(Math.ceil(all * (centre + half)))],
  };
}

import type { TrackedEvent } from '@/lib/contracts/events';

/** Codes the server records for messages without a name of their own: never "undefined". */
export const isBuiltInCode = (code: string) => code.startsWith('$');

/** The codes present in the kept events, sorted, plus the chosen filter even if it left. */
export function codesOf(events: readonly TrackedEvent[], selected: string): string[] {
  const codes = new Set(events.map((e) => e.event));
  if (selected) codes.add(selected);
  return [...codes].sort((a, b) => a.localeCompare(b));
}

/**
 * Whether a code is marked undefined: not built in, and not among the defined codes. When the
 * list of definitions is missing or was cut short, nothing is marked (it might be defined).
 */
export function isUndefinedCode(
  code: string,
  defined: { codes: readonly string[]; truncated: boolean } | undefined,
): boolean {
  if (!defined || defined.truncated || isBuiltInCode(code)) return false;
  return !defined.codes.includes(code);
}

/**
 * The message react-hook-form holds for a nested field (`series.0.event` under the query's
 * errors), or undefined. Errors of a zod schema arrive as a tree shaped like the value.
 */
export function errorAt(errors: unknown, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== 'object' || node === null) return undefined;
  const message = (node as { message?: unknown }).message;
  return typeof message === 'string' ? message : undefined;
}

/** The errors under a nested field (`series.0.filters`), to hand to the part of the form showing it. */
export function errorTree(errors: unknown, path: string): unknown {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

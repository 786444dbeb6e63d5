/**
 * The `?next=` target after sign-in, accepted only when it is a same-origin relative path.
 * Anything else ("//evil.com", "https://…", "/\\evil.com", "javascript:") yields null.
 */
export function safeNextPath(next: unknown): string | null {
  const value = Array.isArray(next) ? next[0] : next;
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/[\u0000-\u001f\\]/.test(value)) return null;
  return value;
}

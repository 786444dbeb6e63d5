/** A v4 UUID: crypto.randomUUID where available (secure contexts only), else built by hand. */
export function uuid(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const byte = (): number =>
    c?.getRandomValues ? c.getRandomValues(new Uint8Array(1))[0] : (Math.random() * 256) | 0;
  return '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (d) =>
    (+d ^ (byte() & (15 >> (+d / 4)))).toString(16),
  );
}

/**
 * The hosts whose images Next's optimiser may fetch (docs/product/api.md, "Images"): well-known
 * avatar services only. Any other avatar loads straight from its own host in the browser, so the
 * optimiser is never a proxy that fetches whatever a stranger names. A `**.` entry means every
 * host under that domain, as in next.config.ts's `remotePatterns`.
 */
export const OPTIMISED_IMAGE_HOSTS: readonly string[] = [
  'gravatar.com',
  '**.gravatar.com',
  'avatars.githubusercontent.com',
  'lh3.googleusercontent.com',
];

/** Whether the optimiser serves this image (https on an allow-listed host). */
export function isOptimisedImage(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' || u.port !== '') return false;
  const host = u.hostname.toLowerCase();
  return OPTIMISED_IMAGE_HOSTS.some((h) =>
    h.startsWith('**.') ? host.endsWith(h.slice(2)) && host.length > h.length - 2 : host === h,
  );
}

import { ROUTES, routeFor, type RouteDef } from './routes';

/** A concrete pathname ("/reports/12") matched against the route table's patterns. */
const DYNAMIC = ROUTES.filter((r) => r.pattern.includes('[') && r.pattern !== '/[...slug]').map(
  (r) => ({
    route: r,
    re: new RegExp(
      `^${r.pattern
        .split('/')
        .map((part) => (part.startsWith('[') ? '[^/]+' : part.replace(/[.*+?^${}()|\\]/g, '\\$&')))
        .join('/')}$`,
    ),
  }),
);

/** Strips query, hash and a trailing slash so "/brands/?x=1" reads as "/brands". */
export function normalisePathname(path: string): string {
  const bare = path.split(/[?#]/)[0] || '/';
  return bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare;
}

/** The route row for a concrete browser path; static rows win over dynamic ones, unknown → catch-all. */
export function matchRoute(path: string): RouteDef {
  const pathname = normalisePathname(path);
  const exact = routeFor(pathname);
  if (exact.pattern === pathname) return exact;
  return DYNAMIC.find((d) => d.re.test(pathname))?.route ?? exact;
}

/** Whether a concrete browser path is reachable without signing in. */
export function isPublicPath(path: string): boolean {
  return matchRoute(path).public;
}

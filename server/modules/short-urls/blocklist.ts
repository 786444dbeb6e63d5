import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Hosts a short link may not lead to (docs/short-urls.md, "Blocked destinations"): the list
 * shipped in config/short-url-blocklist.txt, the operator's own file (SHORT_URL_BLOCKLIST_FILE)
 * and the short links' own host (a link to another link only inflates clicks or loops).
 */
export interface Blocklist {
  /** The blocked entry an http(s) address falls under, or null when it may be linked to. */
  blockedBy(url: string): string | null;
  readonly size: number;
}

/** The list shipped with the server. */
export const SHIPPED_BLOCKLIST = fileURLToPath(
  new URL('../../../config/short-url-blocklist.txt', import.meta.url),
);

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const isIpLiteral = (host: string) => IPV4.test(host) || host.startsWith('[');

/** A host as URL parsing writes it: lower case, `xn--` form, no trailing dot. */
function normalHost(host: string): string {
  const h = host.trim().toLowerCase().replace(/\.$/, '');
  if (!h) return '';
  try {
    return new URL(`http://${h}/`).hostname.replace(/\.$/, '');
  } catch {
    return '';
  }
}

/** The entries of a blocklist file: one host a line, `#` starts a comment. */
export function parseBlocklist(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    // `*.example.com` means what `example.com` does: the host and everything under it.
    const entry = normalHost(line.replace(/#.*$/, '').trim().replace(/^\*\./, ''));
    if (entry) out.push(entry);
  }
  return out;
}

export function createBlocklist(entries: Iterable<string>): Blocklist {
  const hosts = new Set<string>();
  for (const e of entries) {
    const h = normalHost(e);
    if (h) hosts.add(h);
  }
  const hostBlockedBy = (host: string): string | null => {
    if (hosts.size === 0) return null;
    if (hosts.has(host)) return host;
    if (isIpLiteral(host)) return null;
    // The host and every domain above it: a.b.example → b.example → example.
    for (let i = host.indexOf('.'); i >= 0; i = host.indexOf('.', i + 1)) {
      const parent = host.slice(i + 1);
      if (hosts.has(parent)) return parent;
    }
    return null;
  };
  return {
    blockedBy(url: string) {
      let host: string;
      try {
        host = new URL(url).hostname.replace(/\.$/, '');
      } catch {
        return null;
      }
      return hostBlockedBy(host);
    },
    get size() {
      return hosts.size;
    },
  };
}

/**
 * The shipped list, the operator's file (read once at start: a change needs a restart) and the
 * given hosts of our own.
 */
export function loadBlocklist(opts: { file?: string; ownHosts?: string[] }): Blocklist {
  const entries = parseBlocklist(readFileSync(SHIPPED_BLOCKLIST, 'utf8'));
  if (opts.file) entries.push(...parseBlocklist(readFileSync(opts.file, 'utf8')));
  return createBlocklist([...entries, ...(opts.ownHosts ?? [])]);
}

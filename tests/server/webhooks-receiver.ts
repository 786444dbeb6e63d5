import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/** What a local receiver got: the headers and body of each request. */
export interface Received {
  headers: Record<string, string>;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1 for one describe block: answers each request with the next
 * status of `statuses` (the last one repeats), records what it got; closed in `afterAll`.
 */
export function setupReceiver() {
  const servers: http.Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });
  return async (statuses: number[] = [200], headers: Record<string, string> = {}) => {
    const got: Received[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        got.push({
          headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
          body,
        });
        const status = statuses[Math.min(got.length - 1, statuses.length - 1)]!;
        res.writeHead(status, headers);
        res.end(status >= 400 ? `failed ${got.length}` : 'ok');
      });
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    return { got, port, url: `http://127.0.0.1:${port}/hook` };
  };
}

#!/usr/bin/env node
/**
 * Firefox for the e2e suite (docs/testing.md, "Firefox"). Playwright's own Firefox build comes
 * from its CDN, which this project may not download from; Debian's firefox-esr is driven instead
 * over WebDriver BiDi (Playwright's `moz-firefox` channel). Playwright sends one command that
 * firefox-esr 153 does not know yet (`emulation.setMediaFeaturesOverride`, the colour-scheme
 * emulation no spec uses) and stops on the error, so this wrapper starts Firefox with Playwright's
 * arguments, puts a WebSocket relay in front of its BiDi endpoint, and answers that one command
 * itself; every other message passes through unchanged. Playwright launches it as the browser's
 * executablePath (playwright.config.ts); SIGNPOST_FIREFOX names the real binary.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { WebSocket, WebSocketServer } from 'ws';

const FIREFOX = process.env.SIGNPOST_FIREFOX ?? '/usr/bin/firefox-esr';
const STUBBED = new Set(['emulation.setMediaFeaturesOverride']);
const child = spawn(FIREFOX, process.argv.slice(2), { stdio: ['inherit', 'inherit', 'pipe'] });
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

createInterface({ input: child.stderr }).on('line', (line) => {
  const m = /WebDriver BiDi listening on (ws:\/\/\S+)$/.exec(line);
  if (!m) return void process.stderr.write(line + '\n');
  const upstream = m[1];
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('listening', () => {
    process.stderr.write(`WebDriver BiDi listening on ws://127.0.0.1:${server.address().port}\n`);
  });
  server.on('connection', (client, req) => {
    const up = new WebSocket(upstream + req.url);
    const queued = [];
    up.on('open', () => queued.splice(0).forEach((d) => up.send(d)));
    up.on('message', (d, binary) => client.send(d, { binary }));
    up.on('close', () => client.close());
    up.on('error', () => client.close());
    client.on('close', () => up.close());
    client.on('message', (d) => {
      const text = d.toString();
      try {
        const msg = JSON.parse(text);
        if (STUBBED.has(msg.method)) {
          return void client.send(JSON.stringify({ type: 'success', id: msg.id, result: {} }));
        }
      } catch {
        // not JSON: relayed as it is
      }
      if (up.readyState === WebSocket.OPEN) up.send(text);
      else queued.push(text);
    });
  });
});

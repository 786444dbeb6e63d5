import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBlocklist, loadBlocklist, parseBlocklist } from './blocklist';

describe('short-link blocklist', () => {
  it('reads one host a line, comments and blank lines ignored, in the URL parser’s spelling', () => {
    expect(
      parseBlocklist(
        '# a comment\n\nEvil.Example.  # trailing\r\n*.wild.example\nbücher.example\n',
      ),
    ).toEqual(['evil.example', 'wild.example', 'xn--bcher-kva.example']);
  });

  it('blocks a listed host and every host under it, IP addresses exactly', () => {
    const list = createBlocklist(['evil.example', '127.0.0.1', '[::1]']);
    expect(list.blockedBy('https://evil.example/x')).toBe('evil.example');
    expect(list.blockedBy('https://a.b.EVIL.example./x')).toBe('evil.example');
    expect(list.blockedBy('http://127.0.0.1:8080/')).toBe('127.0.0.1');
    expect(list.blockedBy('http://[::1]/')).toBe('[::1]');
    for (const fine of [
      'https://notevil.example/',
      'https://evil.example.com/',
      'https://example/',
      'http://10.127.0.0.1.nip.io/',
      'not a url',
    ])
      expect(list.blockedBy(fine), fine).toBeNull();
  });

  it('ships a default list (other shorteners, local names) the operator’s file adds to', () => {
    const shipped = loadBlocklist({});
    for (const url of ['https://bit.ly/abc', 'https://tinyurl.com/x', 'http://printer.local/'])
      expect(shipped.blockedBy(url), url).not.toBeNull();
    expect(shipped.blockedBy('https://shop.example.com/')).toBeNull();

    const dir = mkdtempSync(path.join(os.tmpdir(), 'signpost-blocklist-'));
    const file = path.join(dir, 'mine.txt');
    writeFileSync(file, 'phish.example\n');
    const extended = loadBlocklist({ file, ownHosts: ['go.example.net'] });
    expect(extended.blockedBy('https://login.phish.example/')).toBe('phish.example');
    expect(extended.blockedBy('https://go.example.net/s/other')).toBe('go.example.net');
    expect(extended.blockedBy('https://bit.ly/abc')).toBe('bit.ly');
    expect(extended.size).toBe(shipped.size + 2);
  });
});

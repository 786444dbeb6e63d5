import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Docs that stay true (docs/architecture.md#3-repository-layout): every citation of a repository
 * document with an anchor (`docs/x.md#section`, a markdown link `[…](x.md#section)` or `(#section)`)
 * names a file that exists and a heading it has (GitHub's anchor rules), every relative link of a
 * markdown file leads to a file that exists, every `features/*` folder is listed in
 * features/README.md and every ADR in docs/adr/README.md.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A repository's files as the checks see them: path (from the root, `/`-separated) → text. */
type Files = Map<string, string>;

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slugOf(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image keeps its text
    .replace(/<[^>]+>/g, '') // inline HTML
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Lines of a markdown text outside fenced code blocks, with their 1-based numbers. */
function proseLines(text: string): [string, number][] {
  const out: [string, number][] = [];
  let fence: string | null = null;
  text.split('\n').forEach((line, i) => {
    const m = /^\s*(```+|~~~+)/.exec(line);
    if (m) {
      const mark = m[1]!;
      if (fence === null) fence = mark[0]!;
      else if (mark[0] === fence) fence = null;
      return;
    }
    if (fence === null) out.push([line, i + 1]);
  });
  return out;
}

/** Every anchor a markdown file offers: its headings' slugs (GitHub numbers repeats) and ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [line] of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const slug = slugOf(heading[1]!);
      const n = seen.get(slug) ?? 0;
      seen.set(slug, n + 1);
      anchors.add(n === 0 ? slug : `${slug}-${n}`);
    }
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!);
  }
  return anchors;
}

interface Citation {
  from: string;
  line: number;
  /** The file cited, from the root; the citing file itself for `(#anchor)`. */
  target: string;
  anchor: string | null;
  text: string;
}

const isMarkdown = (f: string) => f.endsWith('.md');
const normal = (p: string) => path.posix.normalize(p).replace(/^\.\//, '');

/** Relative markdown links of a .md file: `[text](target)`, not URLs, not mail. */
function markdownLinks(file: string, text: string): Citation[] {
  const out: Citation[] = [];
  const dir = path.posix.dirname(file);
  for (const [line, n] of proseLines(text)) {
    // Code spans are examples, not links.
    const prose = line.replace(/`[^`]*`/g, '``');
    for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const href = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue; // http:, mailto:, …
      const [target, anchor] = href.split('#') as [string, string | undefined];
      out.push({
        from: file,
        line: n,
        target: target === '' ? file : normal(path.posix.join(dir, decodeURI(target))),
        anchor: anchor ?? null,
        text: m[0],
      });
    }
  }
  return out;
}

/**
 * Paths with an anchor cited in plain text (a code comment, a backticked path in a doc):
 * `docs/architecture.md#6-data`. Read from the root, else from the citing file's folder.
 */
function pathCitations(file: string, text: string, files: Files): Citation[] {
  const out: Citation[] = [];
  const lines: [string, number][] = isMarkdown(file)
    ? proseLines(text).flatMap(([line, n]) =>
        [...line.matchAll(/`([^`]+)`/g)].map((m) => [m[1]!, n] as [string, number]),
      )
    : text.split('\n').map((line, i) => [line, i + 1]);
  for (const [line, n] of lines) {
    for (const m of line.matchAll(/(?<![\w./-])((?:\.{1,2}\/)*[\w-][\w./-]*\.md)#([\w-]+)/g)) {
      const cited = m[1]!;
      const fromRoot = normal(cited);
      const fromHere = normal(path.posix.join(path.posix.dirname(file), cited));
      const target =
        !cited.startsWith('.') && files.has(fromRoot)
          ? fromRoot
          : files.has(fromHere)
            ? fromHere
            : fromRoot;
      out.push({ from: file, line: n, target, anchor: m[2]!, text: m[0] });
    }
  }
  return out;
}

/** Citations whose file or anchor does not exist, as `file:line: text (why)`. */
function brokenCitations(files: Files, exists: (p: string) => boolean): string[] {
  const anchors = new Map<string, Set<string>>();
  const anchorsIn = (f: string) => {
    if (!anchors.has(f)) anchors.set(f, anchorsOf(files.get(f) ?? ''));
    return anchors.get(f)!;
  };
  const broken: string[] = [];
  for (const [file, text] of files) {
    const citations = [
      ...(isMarkdown(file) ? markdownLinks(file, text) : []),
      ...pathCitations(file, text, files),
    ];
    for (const c of citations) {
      const where = `${c.from}:${c.line}: ${c.text}`;
      const target = c.target.replace(/\/$/, '');
      if (!files.has(target) && !exists(target)) broken.push(`${where} (no file ${target})`);
      else if (c.anchor !== null && isMarkdown(target) && !anchorsIn(target).has(c.anchor))
        broken.push(`${where} (no heading #${c.anchor} in ${target})`);
    }
  }
  return broken;
}

/** `features/*` folders that features/README.md does not list as `` `name/` ``. */
function unlistedFeatures(folders: string[], readme: string): string[] {
  return folders.filter((f) => !readme.includes(`\`${f}/\``));
}

/** ADR files that docs/adr/README.md does not link to. */
function unindexedAdrs(adrs: string[], index: string): string[] {
  return adrs.filter((f) => !index.includes(`](${f})`));
}

function repositoryFiles(): Files {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.(md|ts|tsx|mjs|js)$/.test(f) && !f.startsWith('node_modules/'));
  const files: Files = new Map();
  for (const f of listed) {
    try {
      files.set(f, readFileSync(path.join(root, f), 'utf8'));
    } catch {
      // listed but deleted in the working tree
    }
  }
  return files;
}

const existsInRoot = (p: string) => existsSync(path.join(root, p));
const dirs = (p: string) =>
  readdirSync(path.join(root, p)).filter((d) => statSync(path.join(root, p, d)).isDirectory());

describe('docs', () => {
  it('every cited document and heading exists', () => {
    const files = repositoryFiles();
    files.delete('tests/server/docs.test.ts'); // its made-up citations below are broken on purpose
    expect(brokenCitations(files, existsInRoot)).toEqual([]);
  });

  it('features/README.md lists every feature folder', () => {
    const readme = readFileSync(path.join(root, 'features/README.md'), 'utf8');
    expect(unlistedFeatures(dirs('features'), readme)).toEqual([]);
  });

  it('docs/adr/README.md indexes every ADR', () => {
    const index = readFileSync(path.join(root, 'docs/adr/README.md'), 'utf8');
    const adrs = readdirSync(path.join(root, 'docs/adr')).filter((f) => /^\d{4}-.*\.md$/.test(f));
    expect(unindexedAdrs(adrs, index)).toEqual([]);
  });

  it('lint enforces the boundaries docs/architecture.md states', async () => {
    // no-cycle reads the file from disk: these files exist only as text.
    const eslint = new ESLint({
      cwd: root,
      overrideConfig: { rules: { 'import/no-cycle': 'off' } },
    });
    const rulesOf = async (file: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
      return (result?.messages ?? []).map((m) => `${m.line}:${m.ruleId}`);
    };
    const feature = "import { BrandSwitcher } from '@/features/brands/components/brand-switcher';";
    expect(
      await rulesOf('components/x.tsx', `${feature}\nexport const x = BrandSwitcher;\n`),
    ).toEqual(['1:import/no-restricted-paths']);
    expect(
      await rulesOf(
        'sdk/src/x.ts',
        [
          "import { paths } from '../../lib/paths';",
          "import { getToken } from '../../api/token';",
          "import { STEP_HTML } from '../../lib/flows/allow-list';",
          "import type { FlowStep } from '../../lib/contracts/flows';",
          'export const x = [paths, getToken, STEP_HTML];',
          'export type S = FlowStep;',
          '',
        ].join('\n'),
      ),
    ).toEqual(['1:import/no-restricted-paths', '2:import/no-restricted-paths']);
    const read = 'export const port = process.env.PORT;\n';
    expect(await rulesOf('server/x.ts', read)).toEqual(['1:no-restricted-properties']);
    expect(await rulesOf('features/x.ts', read)).toEqual(['1:no-restricted-properties']);
    expect(await rulesOf('scripts/x.ts', read)).toEqual([]);
  });

  // The checks themselves, on made-up files: each finds what it is for.
  describe('the checks', () => {
    const doc = ['# Guide', '', '## 3. Repository layout', '', '## Über `lib/` — shared', ''].join(
      '\n',
    );
    const none = () => false;

    it('reads headings as GitHub does', () => {
      expect([...anchorsOf(doc)]).toEqual(['guide', '3-repository-layout', 'über-lib--shared']);
      expect([...anchorsOf('## A\n## A\n')]).toEqual(['a', 'a-1']);
      expect(slugOf('Funnels (`bench/x.bench.ts`)')).toBe('funnels-benchxbenchts');
    });

    it('finds a missing heading, a missing file and a broken relative link', () => {
      const files: Files = new Map([
        ['docs/guide.md', doc],
        [
          'docs/other.md',
          [
            'See [layout](guide.md#3-repository-layout) and [gone](guide.md#4-gone).',
            'Also [missing](nowhere.md) and [here](#other) and `docs/guide.md#uber`.',
            '```',
            '[in a fence](nowhere.md)',
            '```',
            '# Other',
          ].join('\n'),
        ],
        ['server/a.ts', '// docs/guide.md#3-repository-layout, docs/guide.md#5-data'],
        ['server/b.ts', '// docs/gone.md#anything'],
      ]);
      expect(brokenCitations(files, none)).toEqual([
        'docs/other.md:1: ](guide.md#4-gone) (no heading #4-gone in docs/guide.md)',
        'docs/other.md:2: ](nowhere.md) (no file docs/nowhere.md)',
        'docs/other.md:2: docs/guide.md#uber (no heading #uber in docs/guide.md)',
        'server/a.ts:1: docs/guide.md#5-data (no heading #5-data in docs/guide.md)',
        'server/b.ts:1: docs/gone.md#anything (no file docs/gone.md)',
      ]);
    });

    it('finds a feature folder the README does not list, and an ADR the index misses', () => {
      expect(unlistedFeatures(['auth', 'segments'], '| `auth/` | Sign-in |')).toEqual(['segments']);
      expect(unindexedAdrs(['0001-a.md', '0002-b.md'], '| [0001](0001-a.md) | A |')).toEqual([
        '0002-b.md',
      ]);
    });
  });
});

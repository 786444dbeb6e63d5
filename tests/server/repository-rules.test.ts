import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('repository rules', () => {
  it('no file refers to a document outside the repository', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /\.(ts|tsx|mjs|js|md|json|css)$/.test(f) && !f.endsWith('package-lock.json'));
    // Built from parts so this file does not match itself.
    const outside = [
      new RegExp(['\\bspec', '\\s+§?\\d'].join(''), 'i'),
      new RegExp(['ARCHITECTURE', '(\\.md)?\\s*§'].join('')),
      new RegExp(['product', '-spec'].join('')),
      new RegExp(['\\.\\./', 'shared/'].join('')),
    ];
    const hits: string[] = [];
    for (const f of files) {
      let text: string;
      try {
        text = readFileSync(path.join(root, f), 'utf8');
      } catch {
        continue; // listed but deleted in the working tree
      }
      text.split('\n').forEach((line, i) => {
        if (outside.some((re) => re.test(line))) hits.push(`${f}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(hits).toEqual([]);
  });

  it('lint refuses an import cycle', async () => {
    const dir = path.join(root, 'server', `cycle-fixture-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(
        path.join(dir, 'a.ts'),
        "import { b } from './b';\nexport const a = () => b;\n",
      );
      writeFileSync(
        path.join(dir, 'b.ts'),
        "import { a } from './a';\nexport const b = () => a;\n",
      );
      const [first] = await new ESLint({ cwd: root }).lintFiles([path.join(dir, 'a.ts')]);
      expect(first?.messages.map((m) => m.ruleId)).toContain('import/no-cycle');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

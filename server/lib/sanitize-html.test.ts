import { describe, expect, it } from 'vitest';
import { sanitizeStepHtml, sanitizeStepsInSlices } from './sanitize-html';

describe('sanitizeStepsInSlices', () => {
  it('cleans every step as sanitizeStepHtml does, keeping the other fields', async () => {
    const steps = [
      { id: 'a', content: '<p onclick="x()">Hi <a href="https://e.com">e</a></p>' },
      { id: 'b', content: '<script>alert(1)</script><b>ok</b>' },
    ];
    const out = await sanitizeStepsInSlices(steps);
    expect(out.map((s) => s.id)).toEqual(['a', 'b']);
    expect(out.map((s) => s.content)).toEqual(steps.map((s) => sanitizeStepHtml(s.content)));
  });

  it("lets the event loop run while a large tour is cleaned (a save never holds the server's thread for all of it)", async () => {
    // 50 steps that each hold the thread 2 ms: 100 ms in all.
    const slow = (html: string) => {
      const until = performance.now() + 2;
      while (performance.now() < until);
      return html;
    };
    let turns = 0;
    let done = false;
    const spin = () => {
      turns++;
      if (!done) setImmediate(spin);
    };
    setImmediate(spin);
    await sanitizeStepsInSlices(
      Array.from({ length: 50 }, (_, i) => ({ id: `s${i}`, content: '<p>x</p>' })),
      slow,
    );
    done = true;
    expect(turns).toBeGreaterThanOrEqual(10);
  });
});

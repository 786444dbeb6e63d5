import { expect, test as base } from '@playwright/test';

/**
 * Every e2e test runs under the dashboard's Content-Security-Policy and fails when Chromium
 * reports a violation (it logs each refused script, style, connection or frame as a console error).
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (msg) => {
        const text = msg.text();
        if (/Content Security Policy|Content-Security-Policy/i.test(text)) violations.push(text);
      });
      await use(violations);
      expect(violations, 'CSP violations reported in the console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Page } from '@playwright/test';

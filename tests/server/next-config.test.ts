import { describe, expect, it } from 'vitest';
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from 'next/constants';
import config, { checkBuildEnv } from '@/next.config';

describe('next.config', () => {
  it('refuses a production build carrying NEXT_PUBLIC_DEFAULT_TOKEN, allows dev', () => {
    expect(() =>
      checkBuildEnv(PHASE_PRODUCTION_BUILD, { NEXT_PUBLIC_DEFAULT_TOKEN: 'tok' }),
    ).toThrow(/NEXT_PUBLIC_DEFAULT_TOKEN is set: a production build would put that bearer token/);
    expect(() => checkBuildEnv(PHASE_PRODUCTION_BUILD, {})).not.toThrow();
    expect(() =>
      checkBuildEnv(PHASE_DEVELOPMENT_SERVER, { NEXT_PUBLIC_DEFAULT_TOKEN: 'tok' }),
    ).not.toThrow();
    expect(config(PHASE_DEVELOPMENT_SERVER).poweredByHeader).toBe(false);
  });
});

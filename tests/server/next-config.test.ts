import { describe, expect, it } from 'vitest';
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from 'next/constants';
import { hasRemoteMatch } from 'next/dist/shared/lib/match-remote-pattern';
import config, { checkBuildEnv } from '@/next.config';
import { isOptimisedImage } from '@/lib/image-hosts';

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

  it('lets the image optimiser fetch only from allow-listed avatar services, never any host', () => {
    const images = config(PHASE_DEVELOPMENT_SERVER).images!;
    const fetches = (url: string) =>
      hasRemoteMatch(images.domains ?? [], images.remotePatterns ?? [], new URL(url));
    for (const url of [
      'https://evil.example/x.png',
      'http://evil.example/x.png',
      'https://169.254.169.254/latest/meta-data',
      'https://gravatar.com.evil.example/x.png',
      'http://www.gravatar.com/avatar/abc',
      'https://www.gravatar.com:8443/avatar/abc',
      'https://drive.googleusercontent.com/x',
    ]) {
      expect(fetches(url), url).toBe(false);
      expect(isOptimisedImage(url), url).toBe(false);
    }
    for (const url of [
      'https://www.gravatar.com/avatar/abc?s=64',
      'https://secure.gravatar.com/avatar/abc',
      'https://gravatar.com/avatar/abc',
      'https://avatars.githubusercontent.com/u/1?v=4',
      'https://lh3.googleusercontent.com/a/abc',
    ]) {
      expect(fetches(url), url).toBe(true);
      // The avatar offers the optimisation path exactly where the optimiser serves it.
      expect(isOptimisedImage(url), url).toBe(true);
    }
  });
});

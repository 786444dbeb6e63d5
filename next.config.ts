import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { OPTIMISED_IMAGE_HOSTS } from './lib/image-hosts';

/** `npm run dev:mock` only: the mock API worker; any other build gets an empty stand-in. */
const MOCK_API =
  process.env.NEXT_PUBLIC_API_MOCKING === 'enabled'
    ? './tests/mocks/browser.ts'
    : './lib/dev/mock-api-off.ts';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // `npm test` builds into its own directory so it never swaps files under a running `npm start`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  turbopack: { resolveAlias: { '@mock-api': MOCK_API } },
  // `NEXT_SOURCE_MAPS=1` writes browser source maps: `bench/route-weight` then names what weighs.
  productionBrowserSourceMaps: process.env.NEXT_SOURCE_MAPS === '1',
  // The dashboard is client-rendered behind sign-in; the API and sockets live on Fastify.
  typescript: { ignoreBuildErrors: true }, // `npm run typecheck` is the single type gate
  images: {
    // Avatars are any http(s) URL a user typed, but the optimiser fetches only from the avatar
    // services of lib/image-hosts.ts: for any other host it would be an open proxy (fetching
    // whatever a stranger names, from our address). Other avatars load directly in the browser.
    remotePatterns: OPTIMISED_IMAGE_HOSTS.map((hostname) => ({
      protocol: 'https' as const,
      hostname,
      port: '',
    })),
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
  },
};

/**
 * NEXT_PUBLIC_* values are inlined into the public bundle: a bearer token there is a credential
 * handed to every visitor. The default token exists only for `npm run dev:mock` (next dev).
 */
export function checkBuildEnv(phase: string, env: Record<string, string | undefined>) {
  if (phase === PHASE_PRODUCTION_BUILD && env.NEXT_PUBLIC_DEFAULT_TOKEN)
    throw new Error(
      'NEXT_PUBLIC_DEFAULT_TOKEN is set: a production build would put that bearer token into the public dashboard bundle. It is only for `npm run dev:mock`; unset it to build.',
    );
}

export default function config(phase: string): NextConfig {
  checkBuildEnv(phase, process.env);
  return nextConfig;
}

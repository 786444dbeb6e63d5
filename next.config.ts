import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // `npm test` builds into its own directory so it never swaps files under a running `npm start`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // The dashboard is client-rendered behind sign-in; the API and sockets live on Fastify.
  typescript: { ignoreBuildErrors: true }, // `npm run typecheck` is the single type gate
  images: {
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

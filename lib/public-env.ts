/**
 * The dashboard's configuration: the one module that reads `process.env` in browser code
 * (docs/architecture.md#4-dashboard-conventions). Next writes each `process.env.NEXT_PUBLIC_*`
 * spelled out in full into the bundle at build time, so every read is spelled here, once. They
 * are functions so that tests may change a value between calls.
 */
export const publicEnv = {
  /** The API's origin when it is not the dashboard's own (`NEXT_PUBLIC_API_URL`). */
  apiUrl: (): string | undefined => process.env.NEXT_PUBLIC_API_URL,
  /** `npm run dev:mock`: the dashboard talks to the MSW mock API (`NEXT_PUBLIC_API_MOCKING`). */
  apiMocking: (): boolean => process.env.NEXT_PUBLIC_API_MOCKING === 'enabled',
  /** Token used against the mock API when none is stored (`NEXT_PUBLIC_DEFAULT_TOKEN`). */
  defaultToken: (): string | undefined => process.env.NEXT_PUBLIC_DEFAULT_TOKEN,
  /** GrowthBook's API host and client key: flags from GrowthBook instead of `/v1/features`. */
  growthbookApiHost: (): string | undefined => process.env.NEXT_PUBLIC_GROWTHBOOK_API_HOST,
  growthbookClientKey: (): string | undefined => process.env.NEXT_PUBLIC_GROWTHBOOK_CLIENT_KEY,
  /** The branch attribute sent to GrowthBook. */
  branch: (): string => process.env.NEXT_PUBLIC_BRANCH ?? 'main',
};

import type { GrowthBook } from '@growthbook/growthbook';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { featureKeys } from '@/hooks/query-keys';
import { useCurrentUser } from '@/hooks/use-current-user';
import { getFeatures } from '@/api/features';
import { publicEnv } from '@/lib/public-env';

const API_HOST = publicEnv.growthbookApiHost();
const CLIENT_KEY = publicEnv.growthbookClientKey();
const BRANCH = publicEnv.branch();
const INIT_TIMEOUT_MS = 2000;

/** The loaded GrowthBook instance (null until its code has arrived) and a render counter. */
const FlagsContext = createContext<{ growthbook: GrowthBook | null; version: number }>({
  growthbook: null,
  version: 0,
});

/** Whether a feature is on for the current visitor; off until the flags have loaded. */
export function useFeatureIsOn(key: string): boolean {
  const { growthbook } = useContext(FlagsContext);
  return growthbook ? growthbook.isOn(key) : false;
}

/**
 * Feature flags (docs/product/overview.md#1-what-the-product-does): GrowthBook keyed by the user's
 * id (or anonymous), e-mail, a logged-in flag and the branch. Without a GrowthBook host the payload
 * comes from GET /v1/features. GrowthBook's code is loaded after the first render, so it is not
 * part of any page's first load (docs/performance.md, "Route weight"); flags read off until then.
 */
export function FeatureFlagsProvider({ children }: { children: ReactNode }) {
  const [growthbook, setGrowthbook] = useState<GrowthBook | null>(null);
  const [version, setVersion] = useState(0);
  const { data: user } = useCurrentUser();

  const payload = useQuery({
    queryKey: featureKeys.payload,
    queryFn: ({ signal }) => getFeatures(signal),
    enabled: !API_HOST,
  });

  useEffect(() => {
    let active = true;
    let instance: GrowthBook | null = null;
    void import('@growthbook/growthbook').then(({ GrowthBook: Client }) => {
      if (!active) return;
      instance = new Client({ apiHost: API_HOST, clientKey: CLIENT_KEY });
      instance.setRenderer(() => setVersion((v) => v + 1));
      if (API_HOST) void instance.init({ timeout: INIT_TIMEOUT_MS });
      setGrowthbook(instance);
    });
    return () => {
      active = false;
      instance?.destroy();
    };
  }, []);

  useEffect(() => {
    if (growthbook && payload.data)
      void growthbook.setPayload(payload.data).then(() => setVersion((v) => v + 1));
  }, [growthbook, payload.data]);

  useEffect(() => {
    if (!growthbook) return;
    void growthbook
      .setAttributes({
        id: user?.id ?? 'anonymous',
        email: user?.email,
        loggedIn: Boolean(user),
        branch: BRANCH,
      })
      .then(() => setVersion((v) => v + 1));
  }, [growthbook, user]);

  return <FlagsContext.Provider value={{ growthbook, version }}>{children}</FlagsContext.Provider>;
}

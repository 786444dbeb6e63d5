import { GrowthBook } from '@growthbook/growthbook';
import { GrowthBookProvider } from '@growthbook/growthbook-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { featureKeys } from '@/hooks/query-keys';
import { useCurrentUser } from '@/hooks/use-current-user';
import { getFeatures } from '@/services/features';

const API_HOST = process.env.NEXT_PUBLIC_GROWTHBOOK_API_HOST;
const CLIENT_KEY = process.env.NEXT_PUBLIC_GROWTHBOOK_CLIENT_KEY;
const BRANCH = process.env.NEXT_PUBLIC_BRANCH ?? 'main';
const INIT_TIMEOUT_MS = 2000;

/**
 * Feature flags (docs/product/overview.md#1-what-the-product-does): GrowthBook keyed by the user's
 * id (or anonymous), e-mail, a logged-in flag and the branch. Without a GrowthBook host the payload
 * comes from GET /v1/features.
 */
export function FeatureFlagsProvider({ children }: { children: ReactNode }) {
  const [growthbook] = useState(() => new GrowthBook({ apiHost: API_HOST, clientKey: CLIENT_KEY }));
  const { data: user } = useCurrentUser();

  const payload = useQuery({
    queryKey: featureKeys.payload,
    queryFn: ({ signal }) => getFeatures(signal),
    enabled: !API_HOST,
  });

  const initialised = useRef(false);
  useEffect(() => {
    // The instance lives as long as the app; init once even when Strict Mode re-runs effects.
    if (!API_HOST || initialised.current) return;
    initialised.current = true;
    void growthbook.init({ timeout: INIT_TIMEOUT_MS });
  }, [growthbook]);

  useEffect(() => {
    if (payload.data) void growthbook.setPayload(payload.data);
  }, [growthbook, payload.data]);

  useEffect(() => {
    void growthbook.setAttributes({
      id: user?.id ?? 'anonymous',
      email: user?.email,
      loggedIn: Boolean(user),
      branch: BRANCH,
    });
  }, [growthbook, user]);

  return <GrowthBookProvider growthbook={growthbook}>{children}</GrowthBookProvider>;
}

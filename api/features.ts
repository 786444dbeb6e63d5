import type { FeatureApiResponse } from '@growthbook/growthbook';
import { http, unwrap } from './http';

/** The GrowthBook payload served by the API when no GrowthBook host is configured (public). */
export const getFeatures = (signal?: AbortSignal) =>
  unwrap<FeatureApiResponse>(http.get('/v1/features', { signal, skipAuth: true }));

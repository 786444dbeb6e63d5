import type { QueryClient } from '@tanstack/react-query';
import { profileKeys } from './query-keys';

/** After a metadata definition changes: its list, the picker options and the details cards. */
export const invalidateMetadataAttributes = (queryClient: QueryClient, brandId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: profileKeys.metadataAttributes(brandId) }),
    queryClient.invalidateQueries({ queryKey: profileKeys.attributeOptions(brandId) }),
  ]);

/** After a data attribute definition changes: its list and the picker options. */
export const invalidateDataAttributes = (queryClient: QueryClient, brandId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: profileKeys.dataAttributes(brandId) }),
    queryClient.invalidateQueries({ queryKey: profileKeys.attributeOptions(brandId) }),
  ]);

import { createClient } from './client';

export { createClient } from './client';
export type {
  InitOptions,
  MessageContext,
  MessageType,
  PageInfo,
  Properties,
  SdkMessage,
  SignpostApi,
  SignpostClient,
  ToursModule,
} from './types';

/**
 * The ESM build's shared client (`import { signpost } from '…/signpost.mjs'`). It does nothing
 * until `signpost.init(...)`, so importing it during server-side rendering is safe.
 */
export const signpost = createClient();

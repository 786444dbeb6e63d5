import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** MSW server for Vitest (started in tests/setup/unit.ts). */
export const server = setupServer(...handlers);

import { account, productLifecycle } from './account';
import { billing } from './billing';
import { builder } from './builder';
import { events } from './events';
import { flows } from './flows';
import { home } from './home';
import { profiles } from './profiles';
import { reports } from './reports';
import { segments } from './segments';
import { shortUrls } from './short-urls';
import { theme } from './theme';
import { settings } from './settings';
import { retention } from './retention';
import { webhooks } from './webhooks';

/**
 * The mock API's parity tables (tests/README.md, "Mock parity"), one file per handler file of
 * `tests/mocks/` (`events.handlers.ts` → `events.ts`; `handlers.ts`, the account's routes →
 * `account.ts`), in the order `tests/server/mock-parity.test.ts` runs them: their steps build on
 * each other, and deleting the product comes last.
 */
export const PARITY_TABLES = [
  account,
  events,
  flows,
  profiles,
  billing,
  home,
  reports,
  shortUrls,
  theme,
  settings,
  retention,
  webhooks,
  builder,
  segments,
  productLifecycle,
];

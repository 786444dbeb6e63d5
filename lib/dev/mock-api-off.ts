/**
 * What `@mock-api` resolves to in every build but `npm run dev:mock`: nothing. The mock API (MSW
 * and its handlers, tests/mocks/) then never reaches a production chunk (docs/performance.md,
 * "Route weight"); next.config.ts picks the module.
 */
export async function startMockWorker(): Promise<void> {}

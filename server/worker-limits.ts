import type { ResourceLimits } from 'node:worker_threads';

/**
 * V8 limits of the server's worker threads (PGlite's and DuckDB's). Their young generation is
 * kept small: each thread turns every page of rows into objects and a message, and by default
 * each thread's young generation grows to V8's maximum under that load and stays there — resident
 * memory nothing else can use (docs/performance.md, "Where the export's RSS goes").
 */
export const WORKER_RESOURCE_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 8 };

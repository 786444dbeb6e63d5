// The embedded DuckDB store on its own thread, so the Appender's flush and DuckDB's reads never
// hold the HTTP thread. This file only loads the TypeScript side (server/analytics/duckdb-worker.ts)
// in the worker, whatever ran the server (tsx, vitest); docs/adr/0015-duckdb-worker-thread.md.
import { tsImport } from 'tsx/esm/api';

await tsImport('./duckdb-worker.ts', import.meta.url);

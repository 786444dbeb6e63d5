import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { envelope } from '../../../lib/contracts/common';
import type { ZodApp } from '../../context';

const payloadSchema = z.object({ features: z.record(z.string(), z.unknown()) });

/** GrowthBook feature definitions from a file in the repo, for installs without a GrowthBook host. */
export function featureRoutes(app: ZodApp, opts: { featuresFile: string }) {
  let cached: Promise<z.infer<typeof payloadSchema>> | undefined;
  const load = () =>
    (cached ??= readFile(path.resolve(opts.featuresFile), 'utf8')
      .then((text) => payloadSchema.parse(JSON.parse(text)))
      .catch((err: unknown) => {
        cached = undefined;
        app.log.warn({ err }, 'feature file unreadable; serving no features');
        return { features: {} };
      }));
  app.get('/features', {
    schema: { tags: ['features'], response: { 200: envelope(payloadSchema) } },
    handler: async () => ({ data: await load() }),
  });
}

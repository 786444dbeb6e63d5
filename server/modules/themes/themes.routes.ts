import { brandThemeSchema, themeSchema } from '../../../lib/contracts/theme';
import { envelope, idParam } from '../../../lib/contracts/common';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import type { ThemesService } from './themes.service';

/** A product's theme (docs/theme.md); another account's product answers 404. */
export function themeRoutes(app: ZodApp, themes: ThemesService) {
  const tags = ['brands'];
  const owner = (req: Parameters<typeof session>[0]) => session(req).user.id;
  app.get('/brands/:id/theme', {
    schema: { tags, params: idParam, response: { 200: envelope(brandThemeSchema) } },
    handler: async (req) => ({ data: await themes.get(owner(req), req.params.id) }),
  });
  app.put('/brands/:id/theme', {
    schema: {
      tags,
      params: idParam,
      body: themeSchema,
      response: { 200: envelope(brandThemeSchema) },
    },
    handler: async (req) => ({ data: await themes.update(owner(req), req.params.id, req.body) }),
  });
}

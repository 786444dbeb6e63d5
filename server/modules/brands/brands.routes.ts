import { z } from 'zod';
import {
  brandBody,
  brandSchema,
  brandSourcesBody,
  brandSourcesSchema,
  listBrandsQuery,
  serverKeySchema,
} from '../../../lib/contracts/brands';
import {
  eventFiltersBody,
  eventFiltersSchema,
  ipCaptureSchema,
} from '../../../lib/contracts/brand-settings';
import { envelope, idParam } from '../../../lib/contracts/common';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import type { BrandSettingsService } from './brand-settings.service';
import type { BrandSourcesService } from './brand-sources.service';
import type { BrandsService } from './brands.service';

/** Tracked products of the signed-in user; another account's brand answers 404. */
export function brandRoutes(
  app: ZodApp,
  deps: { brands: BrandsService; sources: BrandSourcesService; settings: BrandSettingsService },
) {
  const svc = deps.brands;
  const tags = ['brands'];
  const owner = (req: Parameters<typeof session>[0]) => session(req).user.id;

  app.get('/brands', {
    schema: {
      tags,
      querystring: listBrandsQuery,
      response: { 200: envelope(z.object({ data: z.array(brandSchema), total: z.number() })) },
    },
    handler: async (req) => ({ data: await svc.list(owner(req), req.query) }),
  });
  app.post('/brands', {
    schema: { tags, body: brandBody, response: { 201: envelope(brandSchema) } },
    handler: async (req, reply) =>
      reply.status(201).send({ data: await svc.create(owner(req), req.body) }),
  });
  app.get('/brands/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(brandSchema) } },
    handler: async (req) => ({ data: await svc.get(owner(req), req.params.id) }),
  });
  app.put('/brands/:id', {
    schema: { tags, params: idParam, body: brandBody, response: { 200: envelope(brandSchema) } },
    handler: async (req) => ({ data: await svc.update(owner(req), req.params.id, req.body) }),
  });
  app.delete('/brands/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(z.object({ id: z.number() })) } },
    handler: async (req) => ({ data: await svc.remove(owner(req), req.params.id) }),
  });
  app.post('/brands/:id/rotate-key', {
    schema: { tags, params: idParam, response: { 200: envelope(brandSchema) } },
    handler: async (req) => ({ data: await svc.rotateKey(owner(req), req.params.id) }),
  });

  // Trusted sources: allowed origins, signed identities, the secret server key.
  const sources = deps.sources;
  app.get('/brands/:id/sources', {
    schema: { tags, params: idParam, response: { 200: envelope(brandSourcesSchema) } },
    handler: async (req) => ({ data: await sources.get(owner(req), req.params.id) }),
  });
  app.put('/brands/:id/sources', {
    schema: {
      tags,
      params: idParam,
      body: brandSourcesBody,
      response: { 200: envelope(brandSourcesSchema) },
    },
    handler: async (req) => ({
      data: await sources.update(owner(req), req.params.id, req.body),
    }),
  });
  app.post('/brands/:id/identity-secret', {
    schema: { tags, params: idParam, response: { 200: envelope(brandSourcesSchema) } },
    handler: async (req) => ({
      data: await sources.rotateIdentitySecret(owner(req), req.params.id),
    }),
  });
  app.post('/brands/:id/server-key', {
    schema: { tags, params: idParam, response: { 200: envelope(serverKeySchema) } },
    handler: async (req) => ({ data: await sources.rotateServerKey(owner(req), req.params.id) }),
  });
  app.delete('/brands/:id/server-key', {
    schema: { tags, params: idParam, response: { 200: envelope(brandSourcesSchema) } },
    handler: async (req) => ({ data: await sources.revokeServerKey(owner(req), req.params.id) }),
  });

  // Ingestion settings (docs/settings.md): IP capture and event filters.
  const settings = deps.settings;
  app.get('/brands/:id/ip-capture', {
    schema: { tags, params: idParam, response: { 200: envelope(ipCaptureSchema) } },
    handler: async (req) => ({ data: await settings.ipCapture(owner(req), req.params.id) }),
  });
  app.put('/brands/:id/ip-capture', {
    schema: {
      tags,
      params: idParam,
      body: ipCaptureSchema,
      response: { 200: envelope(ipCaptureSchema) },
    },
    handler: async (req) => ({
      data: await settings.updateIpCapture(owner(req), req.params.id, req.body),
    }),
  });
  app.get('/brands/:id/filters', {
    schema: { tags, params: idParam, response: { 200: envelope(eventFiltersSchema) } },
    handler: async (req) => ({ data: await settings.filters(owner(req), req.params.id) }),
  });
  app.put('/brands/:id/filters', {
    schema: {
      tags,
      params: idParam,
      body: eventFiltersBody,
      response: { 200: envelope(eventFiltersSchema) },
    },
    handler: async (req) => ({
      data: await settings.updateFilters(owner(req), req.params.id, req.body),
    }),
  });
}

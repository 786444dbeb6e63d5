import { z } from 'zod';
import { envelope, idParam, okMessage } from '../../../lib/contracts/common';
import {
  attributeOptionGroupSchema,
  attributeOptionsQuery,
  dataAttributeBody,
  dataAttributeSchema,
  listProfilesQuery,
  metadataAttributeBody,
  metadataAttributeSchema,
  profileListSchema,
  profileMetadataBody,
  profileSchema,
  timelineQuery,
  timelineSchema,
} from '../../../lib/contracts/customer-profiles';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import type { AttributesService } from './attributes.service';
import type { ProfilesService } from './profiles.service';

/** Customer profiles, their timeline and metadata, and the attribute definitions. */
export function profileRoutes(app: ZodApp, svc: ProfilesService, attrs: AttributesService) {
  const owner = (req: Parameters<typeof session>[0]) => session(req).user.id;
  const tags = ['customer-profiles'];

  app.get('/customer-profiles', {
    schema: {
      tags,
      querystring: listProfilesQuery,
      response: { 200: envelope(profileListSchema) },
    },
    handler: async (req) => ({ data: await svc.list(owner(req), req.query) }),
  });
  app.get('/customer-profiles/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(profileSchema) } },
    handler: async (req) => ({ data: await svc.get(owner(req), req.params.id) }),
  });
  app.get('/customer-profiles/:id/events', {
    schema: {
      tags,
      params: idParam,
      querystring: timelineQuery,
      response: { 200: envelope(timelineSchema) },
    },
    handler: async (req) => ({ data: await svc.timeline(owner(req), req.params.id, req.query) }),
  });
  app.put('/customer-profiles/:id/metadata', {
    schema: {
      tags,
      params: idParam,
      body: profileMetadataBody,
      response: { 200: envelope(profileSchema) },
    },
    handler: async (req) => ({
      data: await svc.setMetadata(owner(req), req.params.id, req.body.metadata),
    }),
  });
  app.get('/attributes/options', {
    schema: {
      tags,
      querystring: attributeOptionsQuery,
      response: { 200: envelope(z.array(attributeOptionGroupSchema)) },
    },
    handler: async (req) => ({ data: await svc.attributeOptions(owner(req), req.query.brand_id) }),
  });

  const mtags = ['metadata-attributes'];
  app.get('/metadata-attributes', {
    schema: {
      tags: mtags,
      querystring: attributeOptionsQuery,
      response: { 200: envelope(z.array(metadataAttributeSchema)) },
    },
    handler: async (req) => ({ data: await attrs.listMetadata(owner(req), req.query.brand_id) }),
  });
  app.post('/metadata-attributes', {
    schema: {
      tags: mtags,
      body: metadataAttributeBody,
      response: { 201: envelope(metadataAttributeSchema) },
    },
    handler: async (req, reply) =>
      reply.status(201).send({ data: await attrs.createMetadata(owner(req), req.body) }),
  });
  app.put('/metadata-attributes/:id', {
    schema: {
      tags: mtags,
      params: idParam,
      body: metadataAttributeBody,
      response: { 200: envelope(metadataAttributeSchema) },
    },
    handler: async (req) => ({
      data: await attrs.updateMetadata(owner(req), req.params.id, req.body),
    }),
  });
  app.delete('/metadata-attributes/:id', {
    schema: { tags: mtags, params: idParam, response: { 200: envelope(okMessage) } },
    handler: async (req) => ({ data: await attrs.removeMetadata(owner(req), req.params.id) }),
  });

  const dtags = ['data-attributes'];
  app.get('/data-attributes', {
    schema: {
      tags: dtags,
      querystring: attributeOptionsQuery,
      response: { 200: envelope(z.array(dataAttributeSchema)) },
    },
    handler: async (req) => ({ data: await attrs.listData(owner(req), req.query.brand_id) }),
  });
  app.post('/data-attributes', {
    schema: {
      tags: dtags,
      body: dataAttributeBody,
      response: { 201: envelope(dataAttributeSchema) },
    },
    handler: async (req, reply) =>
      reply.status(201).send({ data: await attrs.createData(owner(req), req.body) }),
  });
  app.put('/data-attributes/:id', {
    schema: {
      tags: dtags,
      params: idParam,
      body: dataAttributeBody,
      response: { 200: envelope(dataAttributeSchema) },
    },
    handler: async (req) => ({ data: await attrs.updateData(owner(req), req.params.id, req.body) }),
  });
  app.delete('/data-attributes/:id', {
    schema: { tags: dtags, params: idParam, response: { 200: envelope(okMessage) } },
    handler: async (req) => ({ data: await attrs.removeData(owner(req), req.params.id) }),
  });
}

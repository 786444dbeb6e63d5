import { z } from 'zod';
import { envelope, idParam, okMessage } from '../../../lib/contracts/common';
import {
  autocompleteQuery,
  autocompleteSchema,
  definedCodesQuery,
  definedCodesSchema,
  eventBody,
  eventListSchema,
  eventSchema,
  listEventsQuery,
  tailQuery,
  trackedEventSchema,
  undefinedEventSchema,
  undefinedEventsQuery,
} from '../../../lib/contracts/events';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import type { EventsService } from './events.service';

/** Event definitions, their traffic and the live tail's first page (docs/product/api.md#events). */
export function eventRoutes(app: ZodApp, svc: EventsService) {
  const tags = ['events'];
  const owner = (req: Parameters<typeof session>[0]) => session(req).user.id;

  app.get('/events', {
    schema: { tags, querystring: listEventsQuery, response: { 200: envelope(eventListSchema) } },
    handler: async (req) => ({ data: await svc.list(owner(req), req.query) }),
  });
  app.get('/events/undefined', {
    schema: {
      tags,
      querystring: undefinedEventsQuery,
      response: { 200: envelope(z.array(undefinedEventSchema)) },
    },
    handler: async (req) => ({ data: await svc.undefinedEvents(owner(req), req.query) }),
  });
  app.get('/events/codes', {
    schema: {
      tags,
      querystring: definedCodesQuery,
      response: { 200: envelope(definedCodesSchema) },
    },
    handler: async (req) => ({ data: await svc.definedCodes(owner(req), req.query.brand_id) }),
  });
  app.get('/events/autocomplete', {
    schema: {
      tags,
      querystring: autocompleteQuery,
      response: { 200: envelope(autocompleteSchema) },
    },
    handler: async (req) => ({ data: await svc.autocomplete(owner(req), req.query) }),
  });
  app.post('/events', {
    schema: { tags, body: eventBody, response: { 201: envelope(eventSchema) } },
    handler: async (req, reply) =>
      reply.status(201).send({ data: await svc.create(owner(req), req.body) }),
  });
  app.get('/events/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(eventSchema) } },
    handler: async (req) => ({ data: await svc.get(owner(req), req.params.id) }),
  });
  app.put('/events/:id', {
    schema: { tags, params: idParam, body: eventBody, response: { 200: envelope(eventSchema) } },
    handler: async (req) => ({ data: await svc.update(owner(req), req.params.id, req.body) }),
  });
  app.delete('/events/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(okMessage) } },
    handler: async (req) => ({ data: await svc.remove(owner(req), req.params.id) }),
  });
  app.get('/tracking-session-data/tail', {
    schema: {
      tags,
      querystring: tailQuery,
      response: { 200: envelope(z.object({ data: z.array(trackedEventSchema) })) },
    },
    handler: async (req) => ({ data: await svc.tail(owner(req), req.query) }),
  });
}

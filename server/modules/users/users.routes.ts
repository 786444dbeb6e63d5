import { z } from 'zod';
import {
  activeSessionSchema,
  changePasswordBody,
  updateMeBody,
  userSchema,
} from '../../../lib/contracts/auth';
import { envelope, okMessage } from '../../../lib/contracts/common';
import { subscriptionSchema } from '../../../lib/contracts/plans';
import type { AppContext, ZodApp } from '../../context';
import { session } from '../../context';
import { toUserDto } from './users.repository';
import { subscriptionDto } from '../plans/plans.service';

/** The signed-in user's own account (inside the auth scope). */
export function userRoutes(app: ZodApp, ctx: AppContext) {
  const tags = ['users'];
  app.post('/auth/sign-out', {
    schema: { tags: ['auth'], response: { 200: envelope(okMessage) } },
    handler: async (req) => ({ data: await ctx.authService.signOut(session(req)) }),
  });
  app.get('/users/me/sessions', {
    schema: { tags, response: { 200: envelope(z.array(activeSessionSchema)) } },
    handler: async (req) => ({ data: await ctx.authService.listSessions(session(req)) }),
  });
  app.delete('/users/me/sessions/:id', {
    schema: {
      tags,
      params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
      response: { 200: envelope(okMessage) },
    },
    handler: async (req) => ({
      data: await ctx.authService.revokeSession(session(req), req.params.id),
    }),
  });
  app.post('/users/me/sessions/sign-out-others', {
    schema: { tags, response: { 200: envelope(okMessage) } },
    handler: async (req) => ({ data: await ctx.authService.revokeOtherSessions(session(req)) }),
  });
  app.get('/users/me', {
    schema: { tags, response: { 200: envelope(userSchema) } },
    handler: async (req) => ({ data: toUserDto(session(req).user) }),
  });
  app.put('/users/me', {
    schema: { tags, body: updateMeBody, response: { 200: envelope(userSchema) } },
    handler: async (req) => {
      const { user } = session(req);
      const avatar = req.body.avatar === undefined ? user.avatar : req.body.avatar || null;
      const row = await ctx.users.update(user.id, { name: req.body.name, avatar });
      return { data: toUserDto(row ?? user) };
    },
  });
  app.put('/users/me/password', {
    schema: { tags, body: changePasswordBody, response: { 200: envelope(okMessage) } },
    handler: async (req) => ({
      data: await ctx.authService.changePassword(
        session(req),
        req.body.current_password,
        req.body.password,
      ),
    }),
  });
  app.get('/users/me/subscription', {
    schema: { tags, response: { 200: envelope(subscriptionSchema) } },
    handler: async (req) => ({ data: await subscriptionDto(ctx, session(req).user.id) }),
  });
}

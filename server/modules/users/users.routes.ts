import { z } from 'zod';
import {
  activeSessionSchema,
  changePasswordBody,
  updateMeBody,
  userSchema,
} from '../../../lib/contracts/auth';
import { envelope, okMessage } from '../../../lib/contracts/common';
import { subscriptionSchema } from '../../../lib/contracts/plans';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import type { AuthService } from '../auth/auth.service';
import type { PlansService } from '../plans/plans.service';
import type { UsersService } from './users.service';

/** The signed-in user's own account (inside the auth scope). */
export function userRoutes(
  app: ZodApp,
  svc: { auth: AuthService; users: UsersService; plans: PlansService },
) {
  const tags = ['users'];
  app.post('/auth/sign-out', {
    schema: { tags: ['auth'], response: { 200: envelope(okMessage) } },
    handler: async (req) => ({ data: await svc.auth.signOut(session(req)) }),
  });
  app.get('/users/me/sessions', {
    schema: { tags, response: { 200: envelope(z.array(activeSessionSchema)) } },
    handler: async (req) => ({ data: await svc.auth.listSessions(session(req)) }),
  });
  app.delete('/users/me/sessions/:id', {
    schema: {
      tags,
      params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
      response: { 200: envelope(okMessage) },
    },
    handler: async (req) => ({
      data: await svc.auth.revokeSession(session(req), req.params.id),
    }),
  });
  app.post('/users/me/sessions/sign-out-others', {
    schema: { tags, response: { 200: envelope(okMessage) } },
    handler: async (req) => ({ data: await svc.auth.revokeOtherSessions(session(req)) }),
  });
  app.get('/users/me', {
    schema: { tags, response: { 200: envelope(userSchema) } },
    handler: async (req) => ({ data: svc.users.me(session(req).user) }),
  });
  app.put('/users/me', {
    schema: { tags, body: updateMeBody, response: { 200: envelope(userSchema) } },
    handler: async (req) => ({ data: await svc.users.updateMe(session(req).user, req.body) }),
  });
  app.put('/users/me/password', {
    schema: { tags, body: changePasswordBody, response: { 200: envelope(okMessage) } },
    handler: async (req) => ({
      data: await svc.auth.changePassword(
        session(req),
        req.body.current_password,
        req.body.password,
      ),
    }),
  });
  app.get('/users/me/subscription', {
    schema: { tags, response: { 200: envelope(subscriptionSchema) } },
    handler: async (req) => ({ data: await svc.plans.subscription(session(req).user.id) }),
  });
}

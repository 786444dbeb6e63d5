import { z } from 'zod';
import {
  emailOnlyBody,
  resetPasswordBody,
  sessionSchema,
  signInBody,
  signUpBody,
  verifiedSessionSchema,
  verifyEmailBody,
} from '../../../lib/contracts/auth';
import { envelope, okMessage } from '../../../lib/contracts/common';
import type { ZodApp } from '../../context';
import { limitByIp, type CounterStore, type RateLimits } from '../../plugins/rate-limit';
import type { AuthService } from './auth.service';

/** Public auth endpoints (no session needed). */
export function publicAuthRoutes(
  app: ZodApp,
  deps: { auth: AuthService; counters: CounterStore; limits: RateLimits },
) {
  const { auth: svc, counters, limits } = deps;
  const tags = ['auth'];

  app.post('/auth/sign-up', {
    schema: {
      tags,
      body: signUpBody,
      response: { 201: envelope(okMessage.extend({ email: z.string() })) },
    },
    onRequest: limitByIp(counters, 'sign-up', limits.signUp),
    handler: async (req, reply) => reply.status(201).send({ data: await svc.signUp(req.body) }),
  });
  // Verifying signs the person in: the same limits as sign-in (per address here, per account in
  // the service's throttle).
  app.post('/auth/verify-email', {
    schema: { tags, body: verifyEmailBody, response: { 200: envelope(verifiedSessionSchema) } },
    onRequest: limitByIp(counters, 'verify', limits.signIn),
    handler: async (req) => ({
      data: await svc.verifyEmail(req.body.token, req.body.password, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
      }),
    }),
  });
  app.post('/auth/resend-verification', {
    schema: { tags, body: emailOnlyBody, response: { 200: envelope(okMessage) } },
    onRequest: limitByIp(counters, 'resend', limits.resendVerification),
    handler: async (req) => ({ data: await svc.resendVerification(req.body.email) }),
  });
  app.post('/auth/sign-in', {
    schema: { tags, body: signInBody, response: { 200: envelope(sessionSchema) } },
    onRequest: limitByIp(counters, 'sign-in', limits.signIn),
    handler: async (req) => ({
      data: await svc.signIn(req.body, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
      }),
    }),
  });
  app.post('/auth/forgot-password', {
    schema: { tags, body: emailOnlyBody, response: { 200: envelope(okMessage) } },
    onRequest: limitByIp(counters, 'forgot', limits.forgotPassword),
    handler: async (req) => ({ data: await svc.forgotPassword(req.body.email) }),
  });
  app.post('/auth/reset-password', {
    schema: { tags, body: resetPasswordBody, response: { 200: envelope(okMessage) } },
    onRequest: limitByIp(counters, 'reset', limits.resetPassword),
    handler: async (req) => ({
      data: await svc.resetPassword(req.body.token, req.body.password, req.ip),
    }),
  });
}

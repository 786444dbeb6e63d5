import { http } from 'msw';
import { SIGN_IN_MAX_FAILURES } from '@/lib/constants';
import {
  changePasswordBody,
  emailOnlyBody,
  resetPasswordBody,
  signInBody,
  signUpBody,
  updateMeBody,
  verifyEmailBody,
} from '@/lib/contracts/auth';
import { brandBody, brandSourcesBody, type BrandSources } from '@/lib/contracts/brands';
import { idParam } from '@/lib/contracts/common';
import { listPlansQuery } from '@/lib/contracts/plans';
import { MESSAGES } from '@/lib/messages';
import featureDefinitions from '@/config/features.json';
import { paths } from '@/lib/paths';
import {
  PLANS,
  createBrand,
  createSession,
  createUser,
  db,
  planOf,
  publicBrand,
  publicUser,
  randomToken,
  sendMail,
  subscriptionOf,
  type MockUser,
} from './db';
import { apiError, bearer, body, currentUser, ok, unauthorized, validate } from './utils';
import { eventHandlers } from './events.handlers';
import { profileHandlers } from './profiles.handlers';
import { flowHandlers } from './flows.handlers';
import { segmentHandlers } from './segments.handlers';
import { reportHandlers } from './reports.handlers';
import { billingHandlers, settleMockPayments } from './billing.handlers';
import { homeHandlers } from './home.handlers';
import { shortUrlHandlers } from './short-urls.handlers';
import { themeHandlers } from './theme.handlers';
import { settingsHandlers } from './settings.handlers';
import { retentionHandlers } from './retention.handlers';
import { webhookHandlers } from './webhooks.handlers';
import { builderHandlers } from './builder.handlers';

export { apiError };

/** Same error body as the API: `{ message, status, code, details? }`. */
const brandNotFound = () => apiError(404, 'not_found', MESSAGES.brands.notFound);

function origin(request: Request): string {
  return new URL(request.url).origin;
}

function mailVerification(request: Request, user: MockUser): void {
  const token = randomToken('ver_');
  db.verifyTokens[token] = user.id;
  const link = `${origin(request)}${paths.verifyEmail()}?token=${token}`;
  sendMail(
    user.email,
    'Verify your e-mail address',
    'Confirm your e-mail address to start using Signpost.',
    [link],
  );
}

const mockSources = new Map<number, BrandSources>();
/** A product's trusted sources in the mock (defaults: nothing extra, unsigned identities). */
function sourcesOf(brandId: number): BrandSources {
  let sources = mockSources.get(brandId);
  if (!sources) {
    sources = {
      allowed_origins: [],
      require_signed_identity: false,
      identity_secret: randomToken('', 64),
      server_key: null,
    };
    mockSources.set(brandId, sources);
  }
  return sources;
}

function ownBrand(request: Request, params: Record<string, unknown>) {
  const user = currentUser(request);
  if (!user) return { response: unauthorized(request) } as const;
  const id = validate(idParam, params);
  if (!id.ok) return { response: id.response } as const;
  const brand = db.brands.find((b) => b.id === id.data.id && b.owner_id === user.id);
  if (!brand) return { response: brandNotFound() } as const;
  return { user, brand } as const;
}

export const handlers = [
  ...eventHandlers,
  ...profileHandlers,
  ...flowHandlers,
  ...segmentHandlers,
  ...reportHandlers,
  ...billingHandlers,
  ...homeHandlers,
  ...shortUrlHandlers,
  ...themeHandlers,
  ...settingsHandlers,
  ...retentionHandlers,
  ...webhookHandlers,
  ...builderHandlers((brandId) => sourcesOf(brandId).allowed_origins),
  // ---- auth -------------------------------------------------------------------------------
  http.post('*/v1/auth/sign-up', async ({ request }) => {
    const parsed = await body(request, signUpBody);
    if (!parsed.ok) return parsed.response;
    const { name, email, password } = parsed.data;
    // Like the API, the answer never tells whether the address is registered: the owner gets a mail.
    const existing = db.users.find((u) => u.email === email);
    if (existing && !existing.verified) mailVerification(request, existing);
    else if (existing)
      sendMail(email, 'You already have a Signpost account', 'Sign in or reset your password.', [
        `${origin(request)}${paths.signIn()}`,
      ]);
    else mailVerification(request, createUser({ email, name, password, verified: false }));
    return ok({ message: MESSAGES.auth.signUpDone, email }, 201);
  }),

  http.post('*/v1/auth/verify-email', async ({ request }) => {
    const parsed = await body(request, verifyEmailBody);
    if (!parsed.ok) return parsed.response;
    const userId = db.verifyTokens[parsed.data.token];
    const user = db.users.find((u) => u.id === userId);
    if (!user) return apiError(400, 'invalid_token', MESSAGES.auth.invalidToken);
    // As the API: the link verifies only with the password chosen at that sign-up.
    if (!parsed.data.password)
      return apiError(400, 'password_required', MESSAGES.auth.verifyPasswordRequired);
    // A wrong password is a failed sign-in: counted, with sign-in's error.
    if (user.failedSignIns >= SIGN_IN_MAX_FAILURES)
      return apiError(429, 'rate_limited', MESSAGES.auth.tooManyAttempts);
    if (parsed.data.password !== user.password) {
      user.failedSignIns += 1;
      return apiError(401, 'invalid_credentials', MESSAGES.auth.invalidCredentials);
    }
    delete db.verifyTokens[parsed.data.token];
    user.verified = true;
    user.failedSignIns = 0;
    // Verifying signs the person in, as the API does.
    return ok({
      message: MESSAGES.auth.verified,
      token: createSession(user.id),
      user: publicUser(user),
    });
  }),

  http.post('*/v1/auth/resend-verification', async ({ request }) => {
    const parsed = await body(request, emailOnlyBody);
    if (!parsed.ok) return parsed.response;
    const user = db.users.find((u) => u.email === parsed.data.email);
    if (user && !user.verified) mailVerification(request, user);
    return ok({ message: MESSAGES.auth.verificationSent });
  }),

  http.post('*/v1/auth/sign-in', async ({ request }) => {
    const parsed = await body(request, signInBody);
    if (!parsed.ok) return parsed.response;
    const user = db.users.find((u) => u.email === parsed.data.email);
    if (user && user.failedSignIns >= SIGN_IN_MAX_FAILURES) {
      return apiError(429, 'rate_limited', MESSAGES.auth.tooManyAttempts);
    }
    if (!user || user.password !== parsed.data.password) {
      if (user) user.failedSignIns += 1;
      return apiError(401, 'invalid_credentials', MESSAGES.auth.invalidCredentials);
    }
    if (!user.verified) return apiError(403, 'email_not_verified', MESSAGES.auth.emailNotVerified);
    user.failedSignIns = 0;
    return ok({ token: createSession(user.id), user: publicUser(user) });
  }),

  http.post('*/v1/auth/sign-out', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    delete db.sessions[bearer(request)];
    return ok({ message: 'Signed out.' });
  }),

  http.post('*/v1/auth/forgot-password', async ({ request }) => {
    const parsed = await body(request, emailOnlyBody);
    if (!parsed.ok) return parsed.response;
    const user = db.users.find((u) => u.email === parsed.data.email);
    if (user) {
      const token = randomToken('rst_');
      db.resetTokens[token] = user.id;
      const link = `${origin(request)}${paths.resetPassword()}?token=${token}`;
      sendMail(user.email, 'Reset your password', 'Choose a new password for Signpost.', [link]);
    }
    return ok({ message: MESSAGES.auth.resetRequested });
  }),

  http.post('*/v1/auth/reset-password', async ({ request }) => {
    const parsed = await body(request, resetPasswordBody);
    if (!parsed.ok) return parsed.response;
    const userId = db.resetTokens[parsed.data.token];
    const user = db.users.find((u) => u.id === userId);
    if (!user) return apiError(400, 'invalid_token', MESSAGES.auth.invalidToken);
    delete db.resetTokens[parsed.data.token];
    user.password = parsed.data.password;
    user.failedSignIns = 0;
    for (const [token, owner] of Object.entries(db.sessions))
      if (owner === user.id) delete db.sessions[token];
    return ok({ message: MESSAGES.auth.resetDone });
  }),

  // ---- current user -------------------------------------------------------------------------
  http.get('*/v1/users/me', ({ request }) => {
    const user = currentUser(request);
    return user ? ok(publicUser(user)) : unauthorized(request);
  }),

  http.put('*/v1/users/me', async ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const parsed = await body(request, updateMeBody);
    if (!parsed.ok) return parsed.response;
    user.name = parsed.data.name;
    if (parsed.data.avatar !== undefined) user.avatar = parsed.data.avatar || null;
    return ok(publicUser(user));
  }),

  http.put('*/v1/users/me/password', async ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const parsed = await body(request, changePasswordBody);
    if (!parsed.ok) return parsed.response;
    if (parsed.data.current_password !== user.password) {
      return apiError(400, 'wrong_password', MESSAGES.auth.wrongCurrentPassword, [
        { path: 'current_password', message: MESSAGES.auth.wrongCurrentPassword },
      ]);
    }
    user.password = parsed.data.password;
    return ok({ message: MESSAGES.auth.passwordChanged });
  }),

  // Sessions: the mock's session tokens of the user, numbered in creation order.
  http.get('*/v1/users/me/sessions', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    // As the API: the list never shows the session tokens themselves.
    return ok(mockSessionsOf(user.id, bearer(request)).map(({ token: _token, ...s }) => s));
  }),

  http.delete('*/v1/users/me/sessions/:id', ({ request, params }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const found = mockSessionsOf(user.id, bearer(request)).find((s) => s.id === Number(params.id));
    if (!found) return apiError(404, 'not_found', MESSAGES.auth.noSession);
    delete db.sessions[found.token];
    return ok({ message: MESSAGES.auth.sessionRevoked });
  }),

  http.post('*/v1/users/me/sessions/sign-out-others', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    for (const s of mockSessionsOf(user.id, bearer(request)))
      if (!s.current) delete db.sessions[s.token];
    return ok({ message: MESSAGES.auth.otherSessionsRevoked });
  }),

  http.get('*/v1/users/me/subscription', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    settleMockPayments(user);
    return ok(subscriptionOf(user));
  }),

  // ---- plans ----------------------------------------------------------------------------------
  http.get('*/v1/plans/available-plan', ({ request }) => {
    if (!currentUser(request)) return unauthorized(request);
    return ok(
      PLANS.filter((p) => p.kind !== 'ADD_IN').sort((a, b) => a.order_number - b.order_number),
    );
  }),

  http.get('*/v1/plans', ({ request }) => {
    if (!currentUser(request)) return unauthorized(request);
    const query = validate(listPlansQuery, Object.fromEntries(new URL(request.url).searchParams));
    if (!query.ok) return query.response;
    const { offset, limit, type } = query.data;
    const all = PLANS.filter((p) => !type || p.kind === type);
    return ok({ data: all.slice(offset, offset + limit), total: all.length });
  }),

  // ---- brands ---------------------------------------------------------------------------------
  http.get('*/v1/brands', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const query = validate(
      listPlansQuery.pick({ offset: true, limit: true }),
      Object.fromEntries(new URL(request.url).searchParams),
    );
    if (!query.ok) return query.response;
    const { offset, limit } = query.data;
    const mine = db.brands.filter((b) => b.owner_id === user.id);
    return ok({ data: mine.slice(offset, offset + limit).map(publicBrand), total: mine.length });
  }),

  http.post('*/v1/brands', async ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const parsed = await body(request, brandBody);
    if (!parsed.ok) return parsed.response;
    const limit = planOf(user).plan_quota.product_limit;
    const count = db.brands.filter((b) => b.owner_id === user.id).length;
    if (limit > 0 && count >= limit) {
      return apiError(403, 'plan_limit_reached', MESSAGES.brands.limitReached(limit), [
        { path: 'plan', message: user.plan },
      ]);
    }
    return ok(publicBrand(createBrand(user.id, parsed.data)), 201);
  }),

  http.get('*/v1/brands/:id', ({ request, params }) => {
    const found = ownBrand(request, params);
    return 'response' in found ? found.response : ok(publicBrand(found.brand));
  }),

  http.put('*/v1/brands/:id', async ({ request, params }) => {
    const found = ownBrand(request, params);
    if ('response' in found) return found.response;
    const parsed = await body(request, brandBody);
    if (!parsed.ok) return parsed.response;
    Object.assign(found.brand, parsed.data, { updated_at: new Date().toISOString() });
    return ok(publicBrand(found.brand));
  }),

  http.delete('*/v1/brands/:id', ({ request, params }) => {
    const found = ownBrand(request, params);
    if ('response' in found) return found.response;
    db.brands = db.brands.filter((b) => b !== found.brand);
    // As the API: deleting a product deletes its reports.
    db.reports = db.reports.filter((r) => r.brand_id !== found.brand.id);
    db.shortUrls = (db.shortUrls ?? []).filter((l) => l.brand_id !== found.brand.id);
    return ok({ id: found.brand.id });
  }),

  http.post('*/v1/brands/:id/rotate-key', ({ request, params }) => {
    const found = ownBrand(request, params);
    if ('response' in found) return found.response;
    Object.assign(found.brand, {
      write_key: randomToken('wk_', 24),
      updated_at: new Date().toISOString(),
    });
    return ok(publicBrand(found.brand));
  }),

  // Trusted sources of a product (kept beside the mock brand).
  http.get('*/v1/brands/:id/sources', ({ request, params }) => {
    const found = ownBrand(request, params);
    if ('response' in found) return found.response;
    return ok(sourcesOf(found.brand.id));
  }),

  http.put('*/v1/brands/:id/sources', async ({ request, params }) => {
    const found = ownBrand(request, params);
    if ('response' in found) return found.response;
    const parsed = await body(request, brandSourcesBody);
    if (!parsed.ok) return parsed.response;
    Object.assign(sourcesOf(found.brand.id), parsed.data);
    return ok(sourcesOf(found.brand.id));
  }),

  http.post('*/v1/brands/:id/identity-secret', ({ request, params }) => {
    const found = ownBrand(request, params);
    if ('response' in found) return found.response;
    sourcesOf(found.brand.id).identity_secret = randomToken('', 64);
    return ok(sourcesOf(found.brand.id));
  }),

  http.post('*/v1/brands/:id/server-key', ({ request, params }) => {
    const found = ownBrand(request, params);
    if ('response' in found) return found.response;
    const key = randomToken('sk_', 32);
    sourcesOf(found.brand.id).server_key = { hint: key.slice(-4) };
    return ok({ server_key: key });
  }),

  http.delete('*/v1/brands/:id/server-key', ({ request, params }) => {
    const found = ownBrand(request, params);
    if ('response' in found) return found.response;
    const sources = sourcesOf(found.brand.id);
    if (!sources.server_key) return apiError(404, 'not_found', MESSAGES.brands.noServerKey);
    sources.server_key = null;
    return ok(sources);
  }),

  // ---- feature flags and dev ---------------------------------------------------------------------
  // As the API: the feature definitions of config/features.json.
  http.get('*/v1/features', () => ok(featureDefinitions)),

  // Same body as the API: `{ data: Mail[] }`, newest first.
  http.get('*/v1/dev/outbox', () => ok([...db.outbox].reverse())),
];

const MOCK_AGENTS = [
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1',
];

function mockSessionsOf(userId: string, current: string) {
  return Object.entries(db.sessions)
    .map(([token, owner], i) => ({ token, owner, id: i + 1 }))
    .filter((s) => s.owner === userId)
    .map((s, i) => ({
      token: s.token,
      id: s.id,
      user_agent: MOCK_AGENTS[i % MOCK_AGENTS.length]!,
      ip: `203.0.113.${s.id}`,
      created_at: new Date(Date.UTC(2026, 10, 1 + i)).toISOString(),
      last_used_at: new Date(Date.UTC(2026, 10, 20 + i)).toISOString(),
      current: s.token === current,
    }));
}

import { http as mswHttp, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NO_NETWORK_CODE,
  NO_NETWORK_STATUS,
  NO_TOKEN_CODE,
  NO_TOKEN_STATUS,
} from '@/lib/constants';
import { MESSAGES } from '@/lib/messages';
import { server } from '../tests/mocks/node';
import { ApiError, http, setAuthRedirect, signInPathFor } from './http';

const redirect = vi.fn();

function at(path: string) {
  window.history.replaceState(null, '', path);
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

describe('api/http', () => {
  beforeEach(() => {
    redirect.mockReset();
    setAuthRedirect(redirect);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    at('/brands');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('sends the stored token as a bearer token', async () => {
    localStorage.setItem('token', 'sess_abc');
    let seen: string | null = null;
    server.use(
      mswHttp.get('*/v1/ping', ({ request }) => {
        seen = request.headers.get('authorization');
        return HttpResponse.json({ data: { ok: true } });
      }),
    );
    await http.get('/v1/ping');
    expect(seen).toBe('Bearer sess_abc');
  });

  it('rejects with 499 and goes to /sign-in when there is no token', async () => {
    const handler = vi.fn(() => HttpResponse.json({ data: {} }));
    server.use(mswHttp.get('*/v1/ping', handler));
    const error = await failure(http.get('/v1/ping'));
    expect(error.status).toBe(NO_TOKEN_STATUS);
    expect(error.code).toBe(NO_TOKEN_CODE);
    expect(error.message).toBe(MESSAGES.noToken);
    expect(handler).not.toHaveBeenCalled();
    expect(redirect).toHaveBeenCalledWith('/sign-in?next=%2Fbrands');
  });

  it('sends JSON bodies as JSON and body-less POSTs without a Content-Type', async () => {
    localStorage.setItem('token', 'sess_abc');
    const seen: (string | null)[] = [];
    server.use(
      mswHttp.post('*/v1/echo', ({ request }) => {
        seen.push(request.headers.get('content-type'));
        return HttpResponse.json({ data: {} });
      }),
    );
    await http.post('/v1/echo', { a: 1 });
    await http.post('/v1/echo');
    expect(seen[0]).toContain('application/json');
    expect(seen[1] ?? '').not.toContain('application/json');
  });

  it('falls back to NEXT_PUBLIC_DEFAULT_TOKEN against the mock API only', async () => {
    vi.stubEnv('NEXT_PUBLIC_DEFAULT_TOKEN', 'env_token');
    const seen: (string | null)[] = [];
    server.use(
      mswHttp.get('*/v1/ping', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ data: {} });
      }),
    );
    vi.stubEnv('NEXT_PUBLIC_API_MOCKING', 'enabled');
    await http.get('/v1/ping');
    expect(seen).toEqual(['Bearer env_token']);
    // Against a real API the variable is ignored: no token, no request.
    vi.stubEnv('NEXT_PUBLIC_API_MOCKING', '');
    await expect(http.get('/v1/ping')).rejects.toMatchObject({ status: 499 });
    expect(seen).toHaveLength(1);
  });

  it('lets skipAuth requests through without a token', async () => {
    server.use(
      mswHttp.post('*/v1/open', ({ request }) =>
        HttpResponse.json({ data: { auth: request.headers.get('authorization') } }),
      ),
    );
    const response = await http.post('/v1/open', {}, { skipAuth: true });
    expect(response.data.data.auth).toBeNull();
  });

  it('on 401 clears the token and goes to /sign-in with the way back', async () => {
    localStorage.setItem('token', 'sess_expired');
    at('/profile?tab=1');
    server.use(
      mswHttp.get('*/v1/users/me', () =>
        HttpResponse.json(
          { message: 'Session expired', status: 401, code: 'unauthorized' },
          { status: 401 },
        ),
      ),
    );
    const error = await failure(http.get('/v1/users/me'));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Session expired');
    expect(error.code).toBe('unauthorized');
    expect(localStorage.getItem('token')).toBeNull();
    expect(redirect).toHaveBeenCalledWith('/sign-in?next=%2Fprofile%3Ftab%3D1');
  });

  it('on 401 from a public page clears the token but stays', async () => {
    localStorage.setItem('token', 'sess_expired');
    at('/sign-up');
    server.use(
      mswHttp.get('*/v1/users/me', () =>
        HttpResponse.json({ message: 'x', status: 401, code: 'unauthorized' }, { status: 401 }),
      ),
    );
    await failure(http.get('/v1/users/me'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('maps a network failure to status 0', async () => {
    localStorage.setItem('token', 'sess_abc');
    server.use(mswHttp.get('*/v1/ping', () => HttpResponse.error()));
    const error = await failure(http.get('/v1/ping'));
    expect(error.status).toBe(NO_NETWORK_STATUS);
    expect(error.code).toBe(NO_NETWORK_CODE);
    expect(error.message).toBe(MESSAGES.noNetwork);
    expect(localStorage.getItem('token')).toBe('sess_abc');
  });

  it('keeps the server message, status and body; logs 403 and 500 as errors', async () => {
    localStorage.setItem('token', 'sess_abc');
    const body = {
      message: 'Your plan allows 1 tracked product.',
      status: 403,
      code: 'plan_limit_reached',
    };
    server.use(mswHttp.post('*/v1/brands', () => HttpResponse.json(body, { status: 403 })));
    const error = await failure(http.post('/v1/brands', {}));
    expect(error).toMatchObject({
      status: 403,
      message: body.message,
      code: 'plan_limit_reached',
      data: body,
    });
    expect(console.error).toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('sess_abc');
  });

  it('uses the generic message when the server sends none', async () => {
    localStorage.setItem('token', 'sess_abc');
    server.use(mswHttp.get('*/v1/ping', () => new HttpResponse('boom', { status: 500 })));
    const error = await failure(http.get('/v1/ping'));
    expect(error.status).toBe(500);
    expect(error.message).toBe(MESSAGES.generic);
    expect(console.error).toHaveBeenCalled();
  });

  it('never sends the token to another origin', async () => {
    localStorage.setItem('token', 'sess_abc');
    const handler = vi.fn(() => HttpResponse.json({ data: {} }));
    server.use(mswHttp.get('https://evil.example/*', handler));
    await failure(http.get('https://evil.example/steal'));
    await failure(http.get('//evil.example/steal'));
    expect(handler).not.toHaveBeenCalled();
  });

  it('sends arrays as repeated key[] entries, dates as ISO 8601, and leaves out empty values', async () => {
    localStorage.setItem('token', 'sess_abc');
    let seen = '';
    server.use(
      mswHttp.get('*/v1/ping', ({ request }) => {
        seen = new URL(request.url).search;
        return HttpResponse.json({ data: {} });
      }),
    );
    await http.get('/v1/ping', {
      params: { a: [1, 2], d: new Date(0), n: null, u: undefined, s: 'x y' },
    });
    expect(decodeURIComponent(seen)).toBe('?a[]=1&a[]=2&d=1970-01-01T00:00:00.000Z&s=x+y');
  });

  it('builds the sign-in path with a way back', () => {
    expect(signInPathFor('/')).toBe('/sign-in');
    expect(signInPathFor('/sign-in?next=%2Fx')).toBe('/sign-in');
    expect(signInPathFor('/brands')).toBe('/sign-in?next=%2Fbrands');
  });
});

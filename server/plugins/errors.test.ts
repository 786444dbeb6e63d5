import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lib/messages';
import { registerErrorHandling } from './errors';

/** An app whose one route fails as a database driver would, with `code`. */
async function failingWith(code: string) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/', async () => {
    throw Object.assign(new Error('Failed query: insert … params: secret'), {
      cause: Object.assign(new Error('invalid input syntax for type json'), { code }),
    });
  });
  await app.ready();
  return app;
}

describe('database errors the sender caused', () => {
  it.each(['22021', '22P05', '22P02'])(
    'answers %s with a 400 and a message, not a 500',
    async (code) => {
      const app = await failingWith(code);
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_error',
        message: MESSAGES.http.badCharacters,
      });
      await app.close();
    },
  );

  it('still answers anything else with a 500 that says nothing of the query', async () => {
    const app = await failingWith('XX000');
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    await app.close();
  });
});

import { createRoute, z } from '@hono/zod-openapi';
import { describe, expect, it, vi } from 'vitest';
import { createServiceApp } from './app.ts';
import { ProblemSchema, problemContent } from './rest.ts';
import { SERVICE_TOKEN_HEADER, tokenMatches } from './service-auth.ts';

function makeApp() {
  const log = vi.fn();
  const app = createServiceApp({
    title: 'Test service',
    version: '0.0.1',
    serviceToken: 'secret-token',
    log,
    publicRoutes: (a) => a.get('/public', (c) => c.text('ok')),
  });
  app.openapi(
    createRoute({
      method: 'get',
      path: '/things/{id}',
      request: { params: z.object({ id: z.string().regex(/^\d+$/) }), query: z.object({ n: z.coerce.number().int().max(5).optional() }) },
      responses: { 200: { description: 'ok', content: { 'application/json': { schema: z.object({ id: z.string() }) } } }, 400: problemContent('bad') },
    }),
    (c) => c.json({ id: c.req.valid('param').id }, 200),
  );
  app.get('/boom', () => {
    throw new Error('relation "secret_table" does not exist at /srv/app/x.ts');
  });
  app.post('/echo', async (c) => c.text(String((await c.req.text()).length)));
  app.openapi(
    createRoute({
      method: 'post',
      path: '/json',
      request: { body: { content: { 'application/json': { schema: z.object({ a: z.number() }) } } } },
      responses: { 200: { description: 'ok', content: { 'application/json': { schema: z.object({ a: z.number() }) } } }, 400: problemContent('bad') },
    }),
    (c) => c.json(c.req.valid('json'), 200),
  );
  return { app, log };
}
const auth = { [SERVICE_TOKEN_HEADER]: 'secret-token' };

describe('createServiceApp', () => {
  it('answers 401 with a problem body without the service token, and lets public routes through', async () => {
    const { app } = makeApp();
    const res = await app.request('/things/1');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(ProblemSchema.parse(await res.json()).code).toBe('UNAUTHORISED');
    expect((await app.request('/things/1', { headers: { [SERVICE_TOKEN_HEADER]: 'wrong' } })).status).toBe(401);
    expect((await app.request('/public')).status).toBe(200);
    expect((await app.request('/things/1', { headers: auth })).status).toBe(200);
  });

  it('turns zod failures into a 400 problem naming each field', async () => {
    const { app } = makeApp();
    const res = await app.request('/things/abc', { headers: auth });
    expect(res.status).toBe(400);
    const body = ProblemSchema.parse(await res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors?.map((e) => e.field).sort()).toEqual(['id']);
    const res2 = await app.request('/things/1?n=9', { headers: auth });
    expect(ProblemSchema.parse(await res2.json()).errors?.[0]?.field).toBe('n');
  });

  it('answers 404 problems for unknown paths', async () => {
    const { app } = makeApp();
    const res = await app.request('/nothing-here', { headers: auth });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('NOT_FOUND');
  });

  it('logs unexpected errors with the request id and returns 500 INTERNAL with no internals', async () => {
    const { app, log } = makeApp();
    const res = await app.request('/boom', { headers: auth });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text).code).toBe('INTERNAL');
    expect(text).not.toMatch(/secret_table|\/srv|stack|at /);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(log).toHaveBeenCalledWith('[http] unhandled error', expect.objectContaining({ requestId }));
  });

  it("answers Hono's own refusals (a JSON body that does not parse) with their 4xx problem, not a 500 and no error log", async () => {
    const { app, log } = makeApp();
    const res = await app.request('/json', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"a": ' });
    expect(res.status).toBe(400);
    expect(ProblemSchema.parse(await res.json())).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', errors: [{ field: 'body' }] });
    expect(log).not.toHaveBeenCalled();
  });

  it('rejects bodies over the limit with 413 (reliability V3)', async () => {
    const { app } = makeApp();
    const big = 'x'.repeat(65 * 1024);
    const res = await app.request('/echo', { method: 'POST', body: big, headers: { ...auth, 'content-type': 'text/plain' } });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('PAYLOAD_TOO_LARGE');
    // A chunked body with no length is counted as it streams.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 70; i++) controller.enqueue(new TextEncoder().encode('y'.repeat(1024)));
        controller.close();
      },
    });
    const res2 = await app.request('/echo', { method: 'POST', body: stream, headers: auth, duplex: 'half' } as RequestInit);
    expect(res2.status).toBe(413);
    expect((await app.request('/echo', { method: 'POST', body: 'small', headers: auth })).status).toBe(200);
  });

  it('compares tokens in constant time and refuses an empty configured token', () => {
    expect(tokenMatches('a', 'a')).toBe(true);
    expect(tokenMatches('a', 'ab')).toBe(false);
    expect(tokenMatches(undefined, 'a')).toBe(false);
    expect(() => createServiceApp({ title: 't', version: '1', serviceToken: '' })).toThrow(/serviceToken/);
  });
});

/**
 * The REST client: POST sends a JSON body with the same headers, timeout and error mapping as
 * GET, and GET is unchanged (no body, no content-type).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeService, TEST_TOKEN } from '../test/helpers.ts';
import { createRestCallLog, createRestClient, SERVICE_TOKEN_HEADER } from './rest-client.ts';
import { ServiceError } from './service-error.ts';

const Body = z.object({ ok: z.boolean() });

function client(respond: (request: Request) => Response | Promise<Response>, timeoutMs = 1000) {
  const service = fakeService(respond);
  const log = createRestCallLog();
  const rest = createRestClient({ service: 'search', target: { app: service }, serviceToken: TEST_TOKEN, requestId: 'req-12345678', log, timeoutMs });
  return { rest, service, log };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('REST client POST', () => {
  it('sends the body as JSON with the service token, request id and content type; parses the answer', async () => {
    const { rest, service, log } = client(() => json({ ok: true }, 202));
    expect(await rest.post('/sponsored/events', { a: [1, 2] }, Body)).toEqual({ ok: true });
    const request = service.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get(SERVICE_TOKEN_HEADER)).toBe(TEST_TOKEN);
    expect(request.headers.get('x-request-id')).toBe('req-12345678');
    expect(await request.json()).toEqual({ a: [1, 2] });
    expect(log).toEqual({ total: 1, calls: ['POST search /sponsored/events'] });
  });

  it('404 is null with nullOn404, a ServiceError without', async () => {
    const { rest } = client(() => json({ code: 'NOT_FOUND' }, 404));
    expect(await rest.post('/x', {}, Body, { nullOn404: true })).toBeNull();
    await expect(rest.post('/x', {}, Body)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('a 400 problem keeps its code and field errors', async () => {
    const { rest } = client(() => json({ code: 'VALIDATION_FAILED', errors: [{ field: 'sessionId', message: 'Must be a UUID' }] }, 400));
    const error = await rest.post('/x', {}, Body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'sessionId', message: 'Must be a UUID' }] });
    expect((error as Error).message).toContain('POST /x');
  });

  it('times out like GET', async () => {
    const { rest } = client(() => new Promise<Response>(() => {}), 30);
    await expect(rest.post('/slow', {}, Body)).rejects.toMatchObject({ status: 0, code: 'TIMEOUT' });
  });

  it('a body off the contract is BAD_RESPONSE', async () => {
    const { rest } = client(() => json({ ok: 'yes' }));
    await expect(rest.post('/x', {}, Body)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('GET is unchanged: no body, no content type', async () => {
    const { rest, service, log } = client(() => json({ ok: true }));
    expect(await rest.get('/y', Body)).toEqual({ ok: true });
    const request = service.requests[0]!;
    expect(request.method).toBe('GET');
    expect(request.headers.get('content-type')).toBeNull();
    expect(request.body).toBeNull();
    expect(log.calls).toEqual(['GET search /y']);
  });
});

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

describe('REST client send (any method, per-call headers)', () => {
  it('PUT and PATCH send JSON with the client and call headers; no parser ignores a 204 body', async () => {
    const { rest, service } = createWithHeaders(() => new Response(null, { status: 204 }));
    await expect(rest.send('PUT', '/logout', { body: { everywhere: true }, headers: { 'x-session-token': 'tok' } })).resolves.toBeUndefined();
    const put = service.requests[0]!;
    expect(put.method).toBe('PUT');
    expect(put.headers.get('content-type')).toBe('application/json');
    expect(put.headers.get('x-session-token')).toBe('tok');
    expect(put.headers.get('x-client-ip')).toBe('192.0.2.1');
    expect(await put.json()).toEqual({ everywhere: true });
  });

  it('a call header cannot replace the service token or the request id', async () => {
    const { rest, service } = createWithHeaders(() => json({ ok: true }));
    await rest.send('PATCH', '/user/password', { body: {}, headers: { [SERVICE_TOKEN_HEADER]: 'forged', 'x-request-id': 'other' }, parser: Body });
    expect(service.requests[0]!.headers.get(SERVICE_TOKEN_HEADER)).toBe(TEST_TOKEN);
    expect(service.requests[0]!.headers.get('x-request-id')).toBe('req-12345678');
  });

  it('a 429 carries retryAfterSeconds from the body, else from Retry-After', async () => {
    const fromBody = createWithHeaders(() => json({ code: 'RATE_LIMITED', retryAfterSeconds: 42 }, 429)).rest;
    await expect(fromBody.send('POST', '/login', { body: {}, parser: Body })).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 42 });
    const fromHeader = createWithHeaders(() => new Response('{}', { status: 429, headers: { 'retry-after': '17' } })).rest;
    await expect(fromHeader.send('POST', '/login', { body: {} })).rejects.toMatchObject({ status: 429, retryAfterSeconds: 17 });
    const other = createWithHeaders(() => json({ code: 'WRONG_PASSWORD' }, 401)).rest;
    await expect(other.send('POST', '/user/anonymize', { body: {} })).rejects.toMatchObject({ status: 401, code: 'WRONG_PASSWORD', retryAfterSeconds: null });
  });

  it('logPath keeps personal data out of the call log and error messages', async () => {
    const { rest, log } = createWithHeaders(() => json({ code: 'INTERNAL' }, 500));
    const error = await rest.send('POST', '/user/ann%40example.com/password_reset_request', { logPath: '/user/{email}/password_reset_request' }).catch((e: unknown) => e);
    expect((error as Error).message).not.toContain('ann');
    expect(log.calls).toEqual(['POST search /user/{email}/password_reset_request']);
  });
});

function createWithHeaders(respond: (request: Request) => Response | Promise<Response>) {
  const service = fakeService(respond);
  const log = createRestCallLog();
  const rest = createRestClient({
    service: 'search',
    target: { app: service },
    serviceToken: TEST_TOKEN,
    requestId: 'req-12345678',
    log,
    headers: { 'x-client-ip': '192.0.2.1' },
  });
  return { rest, service, log };
}

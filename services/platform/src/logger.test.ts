/**
 * One logger (pino): JSON lines with the level's name, an ISO time and `message`; one line per
 * request with its request id; secrets redacted; a service's 500 logged with the request id.
 */
import { describe, expect, it } from 'vitest';
import { createServiceApp } from './app.ts';
import { createLogger, fromPino, logFunction } from './logger.ts';
import { SERVICE_TOKEN_HEADER } from './service-auth.ts';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({ level: 'info', destination: { write: (line: string) => lines.push(JSON.parse(line)) } });
  return { lines, logger };
}

describe('logger', () => {
  it('writes one JSON line per event: level name, ISO time, message, fields', () => {
    const { lines, logger } = capture();
    logger.warn('Page not found', { path: '/x' });
    expect(lines).toEqual([{ level: 'warn', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), message: 'Page not found', path: '/x' }]);
  });

  it('redacts cookies, authorization and our tokens in headers, and keeps a reported message apart', () => {
    const { lines, logger } = capture();
    logger.error('Client error', { headers: { cookie: 'session=s3cret', authorization: 'Bearer t0ken', 'x-service-token': 'svc', accept: 'text/html' }, message: 'their words' });
    const text = JSON.stringify(lines);
    for (const secret of ['s3cret', 't0ken', 'svc']) expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({ message: 'Client error', reportedMessage: 'their words', headers: { cookie: '[redacted]', authorization: '[redacted]', accept: 'text/html' } });
  });

  it('drops lines below its level', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'warn', destination: { write: (l: string) => lines.push(l) } });
    logger.info('request');
    logFunction(logger, 'error')('boom', {});
    expect(lines.map((l) => JSON.parse(l).message)).toEqual(['boom']);
    expect(fromPino(logger.pino).pino).toBe(logger.pino);
  });
});

describe('a service app logs', () => {
  const make = () => {
    const { lines, logger } = capture();
    const app = createServiceApp({ title: 'Test service', version: '0.0.1', serviceToken: 'secret-token', logger, requestLines: true });
    app.get('/ok', (c) => c.json({ ok: true }));
    app.get('/boom', () => {
      throw new Error('relation "secret_table" does not exist');
    });
    return { app, lines };
  };
  const headers = { [SERVICE_TOKEN_HEADER]: 'secret-token', cookie: 'session=s3cret', authorization: 'Bearer t0ken' };

  it('one line per request, with its request id, method, path, status and time; no header values', async () => {
    const { app, lines } = make();
    const res = await app.request('/ok', { headers: { ...headers, 'x-request-id': 'req-1234' } });
    expect(res.status).toBe(200);
    expect(lines).toEqual([expect.objectContaining({ level: 'info', message: 'request', reqId: 'req-1234', service: 'Test service', method: 'GET', path: '/ok', status: 200, responseTime: expect.any(Number) })]);
    expect(JSON.stringify(lines)).not.toMatch(/s3cret|t0ken|secret-token/);
  });

  it('its 500s: the error with the request id, and the request line at error', async () => {
    const { app, lines } = make();
    const res = await app.request('/boom', { headers: { ...headers, 'x-request-id': 'req-5678' } });
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('secret_table');
    expect(lines).toEqual([
      expect.objectContaining({ level: 'error', message: '[http] unhandled error', requestId: 'req-5678', path: '/boom', error: expect.objectContaining({ message: 'relation "secret_table" does not exist' }) }),
      expect.objectContaining({ level: 'error', message: 'request', reqId: 'req-5678', status: 500 }),
    ]);
  });
});

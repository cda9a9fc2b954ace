/**
 * The logging endpoint of spec §7: 204 and one structured log line for a valid report; a 400
 * problem naming the field; 413 over the body limit; 415 for non-JSON; 429 over the rate limit.
 */
import { describe, expect, it } from 'vitest';
import { captureLogger, fakeService, TEST_TOKEN } from '../test/helpers.ts';
import { createShopApp } from '../server.ts';
import { createLogRoutes, LOG_BODY_LIMIT, LOG_RATE_LIMIT } from './log.routes.ts';
import { createRateLimiter } from './rate-limit.ts';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0';
const NOT_FOUND = { path: '/deals/narnia?x=1', userAgent: UA, date: '2026-12-01T10:15:00.000Z' };
const CLIENT_ERROR = { name: 'TypeError', message: 'x is undefined', userAgent: UA, referrer: 'http://shop.test/deals/glasgow', client: true, server: false };

function setup(options: { limit?: number; address?: () => string } = {}) {
  const logger = captureLogger();
  const app = createLogRoutes({
    logger,
    ...(options.limit ? { limiter: createRateLimiter({ limit: options.limit, windowMs: 60_000 }) } : {}),
    ...(options.address ? { addressOf: options.address } : {}),
  });
  const post = (path: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    app.request(path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { logger, app, post };
}

async function problemOf(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  return (await res.json()) as { status: number; code: string; errors?: { field: string; message: string }[] };
}

describe('POST /api/log/not-found', () => {
  it('answers 204 and writes the path, user agent and date as one structured line', async () => {
    const { post, logger } = setup();
    const res = await post('/not-found', NOT_FOUND);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(logger.lines).toEqual([{ level: 'warn', message: 'Page not found', fields: { event: 'not-found', ...NOT_FOUND } }]);
  });

  it('answers 400 naming each bad field, and writes nothing', async () => {
    const { post, logger } = setup();
    const cases: Array<[unknown, string]> = [
      [{ ...NOT_FOUND, path: undefined }, 'path'],
      [{ ...NOT_FOUND, path: 'https://evil.example/' }, 'path'],
      [{ ...NOT_FOUND, path: '//evil.example/' }, 'path'],
      [{ ...NOT_FOUND, path: `/${'x'.repeat(3000)}` }, 'path'],
      [{ ...NOT_FOUND, userAgent: 42 }, 'userAgent'],
      [{ ...NOT_FOUND, userAgent: 'u'.repeat(513) }, 'userAgent'],
      [{ ...NOT_FOUND, date: 'yesterday' }, 'date'],
      [{ ...NOT_FOUND, extra: 1 }, 'body'],
      [[], 'body'],
      ['not json', 'body'],
    ];
    for (const [body, field] of cases) {
      const problem = await problemOf(await post('/not-found', body), 400);
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors?.map((e) => e.field), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    expect(logger.lines).toEqual([]);
  });
});

describe('POST /api/log/client-error', () => {
  it('answers 204 and writes name, message, userAgent, referrer and the client/server flags', async () => {
    const { post, logger } = setup();
    expect((await post('/client-error', CLIENT_ERROR)).status).toBe(204);
    expect((await post('/client-error', { ...CLIENT_ERROR, referrer: '', client: false, server: true })).status).toBe(204);
    const { name, message, ...rest } = CLIENT_ERROR;
    const line = { event: 'client-error', errorName: name, errorMessage: message, ...rest };
    expect(logger.lines).toEqual([
      { level: 'error', message: 'Client error', fields: line },
      { level: 'error', message: 'Client error', fields: { ...line, referrer: '', client: false, server: true } },
    ]);
  });

  it('answers 400 naming the field', async () => {
    const { post, logger } = setup();
    for (const [body, field] of [
      [{ ...CLIENT_ERROR, name: '' }, 'name'],
      [{ ...CLIENT_ERROR, message: 'm'.repeat(2001) }, 'message'],
      [{ ...CLIENT_ERROR, client: 'yes' }, 'client'],
      [{ ...CLIENT_ERROR, server: undefined }, 'server'],
      [{ ...CLIENT_ERROR, referrer: null }, 'referrer'],
      [{ ...CLIENT_ERROR, stack: 'at x (y.js:1:1)' }, 'body'],
    ] as const) {
      const problem = await problemOf(await post('/client-error', body), 400);
      expect(problem.errors?.map((e) => e.field)).toContain(field);
    }
    expect(logger.lines).toEqual([]);
  });

  it(`answers 413 over ${LOG_BODY_LIMIT} bytes and 415 for a body that is not JSON`, async () => {
    const { post, logger } = setup();
    const big = await problemOf(await post('/client-error', { ...CLIENT_ERROR, message: 'm'.repeat(LOG_BODY_LIMIT) }), 413);
    expect(big.code).toBe('PAYLOAD_TOO_LARGE');
    const form = await problemOf(await post('/client-error', 'name=x', { 'content-type': 'application/x-www-form-urlencoded' }), 415);
    expect(form.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(logger.lines).toEqual([]);
  });
});

describe('rate limit', () => {
  it('answers 429 with retry-after once an address is over its limit; other addresses are not affected', async () => {
    let address = '203.0.113.7';
    const { post } = setup({ limit: 3, address: () => address });
    for (let i = 0; i < 3; i++) expect((await post('/not-found', NOT_FOUND)).status).toBe(204);
    const limited = await problemOf(await post('/not-found', NOT_FOUND), 429);
    expect(limited.code).toBe('RATE_LIMITED');
    address = '198.51.100.1';
    expect((await post('/client-error', CLIENT_ERROR)).status).toBe(204);
  });

  it('the limiter forgets a window when it ends, and stays bounded', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000, maxKeys: 3 });
    expect([limiter.take('a', 0), limiter.take('a', 10), limiter.take('a', 20)]).toEqual([true, true, false]);
    expect(limiter.retryAfter('a', 20)).toBe(1);
    expect(limiter.take('a', 1000)).toBe(true);
    for (const k of ['b', 'c', 'd', 'e']) limiter.take(k, 1500);
    expect(limiter.take('a', 1500)).toBe(true); // forgotten (oldest), so counted afresh
  });

  it(`defaults to ${LOG_RATE_LIMIT.limit} reports a minute`, () => {
    expect(LOG_RATE_LIMIT).toEqual({ limit: 30, windowMs: 60_000 });
  });
});

describe('on the shop server', () => {
  it('is mounted at /api/log and writes through the server logger', async () => {
    const logger = captureLogger();
    const { app } = createShopApp({ dealsApp: fakeService(() => new Response('{}')), serviceToken: TEST_TOKEN, logger });
    const res = await app.request('/api/log/not-found', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(NOT_FOUND) });
    expect(res.status).toBe(204);
    expect(logger.lines.filter((l) => l.fields?.event === 'not-found')).toHaveLength(1);
    expect((await app.request('/api/log/elsewhere', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(404);
  });
});

describe('log lines', () => {
  it('keep the line’s own message when the report has a message field (consoleLogger writes JSON lines)', async () => {
    const written: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    const { consoleLogger } = await import('../logger.ts');
    process.stderr.write = ((chunk: string) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      const app = createLogRoutes({ logger: consoleLogger });
      const res = await app.request('/client-error', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(CLIENT_ERROR) });
      expect(res.status).toBe(204);
    } finally {
      process.stderr.write = original;
    }
    const line = JSON.parse(written.join(''));
    expect(line).toMatchObject({ level: 'error', message: 'Client error', event: 'client-error', errorName: 'TypeError', errorMessage: 'x is undefined', client: true, server: false });
    expect(typeof line.time).toBe('string');
  });
});

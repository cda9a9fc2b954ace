/**
 * Account enumeration parity (reliability A6, ASVS 6.3.8): login, registration and reset
 * requests answer a registered and an unregistered address with the same status, body and
 * headers, and in the same time (medians within 10%: a dummy argon2 verify for unknown
 * addresses; registration hashes either way; emails and lookups happen after the answer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import type { UsersApp } from '../app.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../lib/rate-limit.ts';
import { usersFixture, type UsersFixture } from '../test/users-fixture.ts';

const unlimited = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((k) => [k, { limit: 1_000_000, windowMs: 60_000 }])) as RateLimits;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Headers that must match: everything but the request id and the date. */
const comparableHeaders = (res: Response) => [...res.headers.entries()].filter(([k]) => k !== 'x-request-id' && k !== 'date').sort();

describe.each(testDatabases())('enumeration parity on %s', (_name, open) => {
  let f: UsersFixture;
  let app: UsersApp;
  let known: { email: string; password: string };
  beforeAll(async () => {
    f = await usersFixture(open);
    app = f.withApp({ rateLimits: unlimited });
    const me = await f.signUp();
    known = { email: me.email, password: me.password };
  });
  afterAll(async () => {
    await f?.close();
  });

  /** An unregistered address exactly as long as the registered one. */
  const unknownLike = (email: string) => {
    const [local, domain] = email.split('@') as [string, string];
    const fresh = f.email('x').split('@')[0]!.replace(/[^a-z0-9]/g, '');
    return `${(fresh + 'z'.repeat(local.length)).slice(0, local.length)}@${domain}`;
  };

  const timed = async (send: () => Promise<Response>) => {
    const start = performance.now();
    const res = await send();
    await res.arrayBuffer();
    const ms = performance.now() - start;
    await app.settled();
    return ms;
  };

  /** Interleaved samples; a noisy (shared) machine gets up to four rounds to show the medians agree. */
  const compareTimings = async (a: () => Promise<Response>, b: () => Promise<Response>, samples: number) => {
    for (let i = 0; i < 4; i++) await timed(i % 2 ? a : b); // warm-up
    let last = { a: 0, b: 0, diff: 1 };
    for (let round = 0; round < 4; round++) {
      const ta: number[] = [];
      const tb: number[] = [];
      for (let i = 0; i < samples; i++) {
        if (i % 2) {
          ta.push(await timed(a));
          tb.push(await timed(b));
        } else {
          tb.push(await timed(b));
          ta.push(await timed(a));
        }
      }
      const ma = median(ta);
      const mb = median(tb);
      last = { a: ma, b: mb, diff: Math.abs(ma - mb) / Math.min(ma, mb) };
      if (last.diff <= 0.1) break;
    }
    expect(last.diff, `medians ${last.a.toFixed(2)} ms vs ${last.b.toFixed(2)} ms`).toBeLessThanOrEqual(0.1);
  };

  it('login: unknown address and wrong password answer alike, in the same time', async () => {
    const other = unknownLike(known.email);
    const send = (email: string) => () => f.call('POST', '/login', { body: { loginRequest: { j_username: email, j_password: 'Wrong-Password-1' } } }, app);
    const [a, b] = [await send(known.email)(), await send(other)()];
    expect(a.status).toBe(401);
    expect(b.status).toBe(a.status);
    expect(await b.text()).toBe(await a.text());
    expect(comparableHeaders(b)).toEqual(comparableHeaders(a));
    // Case variants of the registered address are the same address.
    expect((await send(known.email.toUpperCase())()).status).toBe(401);
    await compareTimings(send(known.email), send(other), 30);
  }, 60_000);

  it('registration: a registered and a new address answer alike, in the same time', async () => {
    const send = (email: () => string) => () =>
      f.call('POST', '/register', { body: { requestRegistration: { email: email(), password: 'Some-Password-1', firstName: 'Ann', lastName: 'Shopper' } } }, app);
    const other = unknownLike(known.email);
    const [a, b] = [await send(() => known.email)(), await send(() => other)()];
    expect(a.status).toBe(202);
    expect(b.status).toBe(a.status);
    expect((await b.text()).replace(other, 'EMAIL')).toBe((await a.text()).replace(known.email, 'EMAIL'));
    expect(comparableHeaders(b)).toEqual(comparableHeaders(a));
    await compareTimings(send(() => known.email), send(() => unknownLike(known.email)), 30);
  }, 60_000);

  it('reset requests: a registered and an unknown address answer alike, in the same time', async () => {
    const send = (email: string) => () => f.call('POST', `/user/${encodeURIComponent(email)}/password_reset_request`, {}, app);
    const other = unknownLike(known.email);
    const [a, b] = [await send(known.email)(), await send(other)()];
    expect(a.status).toBe(202);
    expect(b.status).toBe(a.status);
    expect(await b.text()).toBe(await a.text());
    expect(comparableHeaders(b)).toEqual(comparableHeaders(a));
    await compareTimings(send(known.email), send(other), 60);
  }, 60_000);
});

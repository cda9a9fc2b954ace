/**
 * Brute force and credential stuffing (reliability A5, L3; issue 14 #5): throttling per email and
 * per address that never locks and answers alike for registered and unknown emails, the emailed
 * sign-in link as the owner's way round,
 * per-address and per-(email, address) rate limits (429 + Retry-After), the bounded argon2 pool,
 * and the counters' atomicity.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SIGN_IN_LINK_TTL_MS, SIGN_IN_THROTTLE, signInDelayMs } from '@shop/domain/accounts';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { DEFAULT_RATE_LIMITS, hit } from '../lib/rate-limit.ts';
import { problemOf, usersFixture } from '../test/users-fixture.ts';

describe.each(testDatabases())('brute force on %s', (_name, open) => {
  const f = suiteFixture(() => usersFixture(open), (fixture) => fixture.close());

  const expectRateLimited = async (res: Response) => {
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(await problemOf(res)).toMatchObject({ status: 429, code: 'RATE_LIMITED', detail: ERROR_MESSAGES.RATE_LIMITED, retryAfterSeconds: retryAfter });
    return retryAfter;
  };

  const throttledProblem = async (res: Response) => {
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(await problemOf(res)).toMatchObject({ status: 429, code: 'SIGN_IN_THROTTLED', detail: ERROR_MESSAGES.SIGN_IN_THROTTLED, retryAfterSeconds: retryAfter });
    return retryAfter;
  };
  const comparable = async (res: Response) => ({ status: res.status, body: await res.text(), retryAfter: res.headers.get('retry-after') });

  it('issue 14 #5: a registered and an unknown email get the same answers at every count; the throttle waits, it never locks', async () => {
    const me = await f.signUp();
    const unknown = f.email('nobody');
    const t = SIGN_IN_THROTTLE.email;
    for (let i = 1; i <= t.free + 4; i++) {
      const known = await f.login(me.email, `Wrong-Guess-${i}`, { ip: f.ip() });
      const other = await f.login(unknown, `Wrong-Guess-${i}`, { ip: f.ip() });
      const [a, b] = [await comparable(known), await comparable(other)];
      expect(b, `attempt ${i}`).toEqual(a);
      if (i <= t.free) expect(a.status).toBe(401);
      else expect(JSON.parse(a.body)).toMatchObject({ code: 'SIGN_IN_THROTTLED' });
      if (i > t.free) continue;
      // After the free failures the first wait begins.
      if (i === t.free) expect(signInDelayMs('email', i)).toBe(t.firstDelayMs);
    }
    // While the wait runs the right password is not checked either: nothing tells a guesser a guess was right.
    expect(await throttledProblem(await f.login(me.email, me.password, { ip: f.ip() }))).toBeLessThanOrEqual(t.firstDelayMs / 1000);
    // Never ACCOUNT_LOCKED, and the account is not locked.
    expect(await (await f.call('GET', '/user/account-status', { session: me.data.session.token })).json()).toEqual({ data: { status: 'ACTIVE', vipStatus: 'NOT_CHECKED' } });
    // Once the wait has passed the owner signs in, and the count is forgotten.
    f.clock.advance(t.firstDelayMs);
    expect((await f.login(me.email, me.password, { ip: f.ip() })).status).toBe(200);
    for (let i = 0; i < t.free; i++) expect((await f.login(me.email, `Wrong-Again-${i}`, { ip: f.ip() })).status).toBe(401);
  });

  it('the waits double per failure up to 15 minutes, and a day without failures forgets the count', async () => {
    const me = await f.signUp();
    const t = SIGN_IN_THROTTLE.email;
    for (let i = 0; i < t.free; i++) expect((await f.login(me.email, `Wrong-${i}`, { ip: f.ip() })).status).toBe(401);
    const waits: number[] = [];
    for (let failures = t.free; failures < t.free + 6; failures++) {
      const wait = await throttledProblem(await f.login(me.email, 'Wrong-While-Waiting', { ip: f.ip() }));
      waits.push(wait);
      f.clock.advance(wait * 1000);
      expect((await f.login(me.email, `Wrong-After-${failures}`, { ip: f.ip() })).status).toBe(401);
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900]);
    expect(signInDelayMs('email', 100)).toBe(t.maxDelayMs);
    f.clock.advance(t.forgetAfterMs);
    for (let i = 0; i < t.free; i++) expect((await f.login(me.email, `Fresh-${i}`, { ip: f.ip() })).status).toBe(401);
  });

  it('the emailed sign-in link is the way round: single use, 15 minutes, signs in and forgets the count; unknown emails get the same answer and no mail', async () => {
    const me = await f.signUp();
    const attacker = f.ip();
    for (let i = 0; i <= SIGN_IN_THROTTLE.email.free; i++) await f.login(me.email, `Attack-${i}`, { ip: attacker });
    const owner = f.ip();
    await throttledProblem(await f.login(me.email, me.password, { ip: owner }));

    const ask = (email: string) => f.call('POST', '/login/link', { ip: owner, body: { email } });
    const unknown = f.email('nobody');
    const [a, b] = [await ask(me.email), await ask(unknown)];
    expect(a.status).toBe(202);
    expect(await comparable(b)).toEqual(await comparable(a));
    expect(await f.mail(unknown)).toEqual([]);
    const first = await f.linkToken(me.email, 'signInLink');
    await ask(me.email);
    const token = await f.linkToken(me.email, 'signInLink');
    expect(token).not.toBe(first);
    // A newer link voids older ones.
    expect(await problemOf(await f.call('POST', '/login/link/verify', { ip: owner, body: { token: first } }))).toMatchObject({ status: 400, code: 'INVALID_LINK' });
    const signed = await f.call('POST', '/login/link/verify', { ip: owner, session: me.data.session.token, body: { token } });
    expect(signed.status).toBe(200);
    const session = ((await signed.json()) as { data: { session: { token: string } } }).data.session.token;
    expect(session).not.toBe(me.data.session.token);
    // The session the request carried is ended (rotation); the link works once.
    expect((await f.call('GET', '/session', { session: me.data.session.token })).status).toBe(401);
    expect((await f.call('GET', '/session', { session })).status).toBe(200);
    expect(await problemOf(await f.call('POST', '/login/link/verify', { ip: owner, body: { token } }))).toMatchObject({ status: 400, code: 'INVALID_LINK' });
    // The email's count is forgotten: the password works again at once.
    expect((await f.login(me.email, me.password, { ip: owner })).status).toBe(200);

    // Expiry: 15 minutes.
    await ask(me.email);
    const late = await f.linkToken(me.email, 'signInLink');
    f.clock.advance(SIGN_IN_LINK_TTL_MS);
    expect(await problemOf(await f.call('POST', '/login/link/verify', { ip: owner, body: { token: late } }))).toMatchObject({ status: 400, code: 'INVALID_LINK' });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from users.one_time_token where purpose = 'sign_in_link' and length(token_hash) = 64`.execute(f.database.db);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(3);
  });

  it('a throttled attacker leaves the owner at another address a link; the link from PUBLIC_BASE_URL, never the Host header', async () => {
    const me = await f.signUp();
    const res = await f.call('POST', '/login/link', { ip: f.ip(), headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' }, body: { email: me.email } });
    expect(res.status).toBe(202);
    const [mail] = (await f.mail(me.email)).filter((m) => m.kind === 'sign_in_link');
    expect(mail!.text).not.toContain('evil.example');
    expect(mail!.text).toMatch(/\/login\/link\?token=[A-Za-z0-9_-]{43}/);
  });

  it(`throttles failures per client address (${SIGN_IN_THROTTLE.address.free} free, then waits): other addresses are not held back`, async () => {
    const ip = f.ip();
    for (let i = 0; i < SIGN_IN_THROTTLE.address.free; i++) {
      expect((await f.login(f.email('stuffing'), 'Some-Password-1', { ip })).status).toBe(401);
    }
    const retryAfter = await throttledProblem(await f.login(f.email('stuffing'), 'Some-Password-1', { ip }));
    expect(retryAfter).toBe(SIGN_IN_THROTTLE.address.firstDelayMs / 1000);
    expect((await f.login(f.email('stuffing'), 'Some-Password-1', { ip: f.ip() })).status).toBe(401);
    f.clock.advance(retryAfter * 1000);
    expect((await f.login(f.email('stuffing'), 'Some-Password-1', { ip })).status).toBe(401);
  });

  it(`limits logins per client address (default ${DEFAULT_RATE_LIMITS.loginPerAddress.limit} per 15 minutes): 429 RATE_LIMITED with Retry-After`, async () => {
    const app = f.withApp({ rateLimits: { loginPerAddress: { limit: 3, windowMs: 60_000 } } });
    const ip = f.ip();
    for (let i = 0; i < 3; i++) expect((await f.call('POST', '/login', { ip, body: { loginRequest: { j_username: f.email('vol'), j_password: 'Some-Password-1' } } }, app)).status).toBe(401);
    await expectRateLimited(await f.call('POST', '/login', { ip, body: { loginRequest: { j_username: f.email('vol'), j_password: 'Some-Password-1' } } }, app));
  });

  it('limits logins and reset requests per (email, address), and registrations per email and per address', async () => {
    const app = f.withApp({ rateLimits: { loginPerEmail: { limit: 3, windowMs: 60_000 }, resetPerEmail: { limit: 2, windowMs: 60_000 }, registerPerAddress: { limit: 2, windowMs: 60_000 } } });
    const me = await f.signUp();
    const from = f.ip();
    for (let i = 0; i < 3; i++) expect((await f.call('POST', '/login', { ip: from, body: { loginRequest: { j_username: me.email, j_password: 'Wrong-1234' } } }, app)).status).toBe(401);
    await expectRateLimited(await f.call('POST', '/login', { ip: from, body: { loginRequest: { j_username: me.email, j_password: me.password } } }, app));
    // Another address still has its own allowance for this email.
    expect((await f.call('POST', '/login', { ip: f.ip(), body: { loginRequest: { j_username: me.email, j_password: me.password } } }, app)).status).toBe(200);

    for (const email of [me.email, f.email('nobody')]) {
      for (let i = 0; i < 2; i++) expect((await f.call('POST', `/user/${encodeURIComponent(email)}/password_reset_request`, { ip: from }, app)).status).toBe(202);
      await expectRateLimited(await f.call('POST', `/user/${encodeURIComponent(email)}/password_reset_request`, { ip: from }, app));
      expect((await f.call('POST', `/user/${encodeURIComponent(email)}/password_reset_request`, { ip: f.ip() }, app)).status).toBe(202);
    }
    const ip = f.ip();
    const reg = () => f.call('POST', '/express-register', { ip, body: { requestRegistration: { email: f.email('bulk') } } }, app);
    expect((await reg()).status).toBe(202);
    expect((await reg()).status).toBe(202);
    await expectRateLimited(await reg());
  });

  it('bounds the argon2 pool: past the waiting limit, 429 with Retry-After instead of a queue without end', async () => {
    const app = f.withApp({ passwordHashing: { concurrency: 1, maxWaiting: 1 } });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => f.call('POST', '/login', { ip: f.ip(), body: { loginRequest: { j_username: f.email('flood'), j_password: 'Flood-Pass-1' } } }, app)),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    for (const r of answers.filter((a) => a.status === 429)) expect(r.headers.get('retry-after')).toBe('1');
    // Once the flood has passed, logins work again.
    expect((await f.call('POST', '/login', { ip: f.ip(), body: { loginRequest: { j_username: f.email('flood'), j_password: 'Flood-Pass-1' } } }, app)).status).toBe(401);
  });

  it('full() says when a hash would be refused: every slot busy and the waiting line full', async () => {
    const { createPasswordHasher } = await import('../lib/passwords.ts');
    const hasher = createPasswordHasher({ concurrency: 1, maxWaiting: 1 });
    expect(hasher.full()).toBe(false);
    const first = hasher.hash('Flood-Pass-1');
    expect(hasher.full()).toBe(false);
    const second = hasher.hash('Flood-Pass-2');
    expect(hasher.full()).toBe(true);
    await expect(hasher.hash('Flood-Pass-3')).rejects.toMatchObject({ name: 'HashBusyError', retryAfterSeconds: 1 });
    await Promise.all([first, second]);
    expect(hasher.full()).toBe(false);
    expect(hasher.load()).toEqual({ active: 0, waiting: 0 });
  });

  it('counts concurrent hits exactly (one atomic upsert each, never read-then-write)', async () => {
    const key = `race-${f.email()}`;
    const limits = { ...DEFAULT_RATE_LIMITS, loginPerEmail: { limit: 40, windowMs: 60_000 } };
    const verdicts = await Promise.all(Array.from({ length: 50 }, () => hit(f.database.db, limits, 'loginPerEmail', key, f.clock.now)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(40);
    const { rows } = await sql<{ hits: number }>`select hits from users.rate_limit where bucket = 'loginPerEmail' order by hits desc limit 1`.execute(f.database.db);
    expect(Number(rows[0]!.hits)).toBe(50);
  });
});

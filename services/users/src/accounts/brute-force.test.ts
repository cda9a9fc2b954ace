/**
 * Brute force and credential stuffing (reliability A5, L3): the lock after LOCK_AFTER_FAILURES
 * with the reset as the way out and its expiry after LOCK_DURATION_MS (never a lockout for good),
 * per-address and per-(email, address) rate limits (429 + Retry-After), the bounded argon2 pool,
 * and the counters' atomicity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LOCK_AFTER_FAILURES, LOCK_DURATION_MS } from '@shop/domain/accounts';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { testDatabases } from '@shop/platform/test-databases';
import { DEFAULT_RATE_LIMITS, hit } from '../lib/rate-limit.ts';
import { problemOf, usersFixture, type UsersFixture } from '../test/users-fixture.ts';

describe.each(testDatabases())('brute force on %s', (_name, open) => {
  let f: UsersFixture;
  beforeAll(async () => {
    f = await usersFixture(open);
  });
  afterAll(async () => {
    await f?.close();
  });

  const expectRateLimited = async (res: Response) => {
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(await problemOf(res)).toMatchObject({ status: 429, code: 'RATE_LIMITED', detail: ERROR_MESSAGES.RATE_LIMITED, retryAfterSeconds: retryAfter });
    return retryAfter;
  };

  it(`locks the account after ${LOCK_AFTER_FAILURES} wrong passwords; the owner unlocks it by a reset`, async () => {
    const me = await f.signUp();
    for (let i = 1; i <= LOCK_AFTER_FAILURES; i++) {
      const res = await f.login(me.email, `Wrong-Guess-${i}`, { ip: f.ip() });
      expect(await problemOf(res)).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', detail: ERROR_MESSAGES.INVALID_CREDENTIALS });
    }
    // Locked: every attempt gets 423 whatever the password, which is not checked, so the lock
    // never tells a guesser that a guess was right.
    const locked = await f.login(me.email, me.password);
    expect(await problemOf(locked)).toMatchObject({ status: 423, code: 'ACCOUNT_LOCKED', detail: ERROR_MESSAGES.ACCOUNT_LOCKED });
    const wrong = await f.login(me.email, 'Wrong-Again-1');
    expect(await problemOf(wrong)).toMatchObject({ status: 423, code: 'ACCOUNT_LOCKED', detail: ERROR_MESSAGES.ACCOUNT_LOCKED });
    expect(await (await f.call('GET', '/user/account-status', { session: me.data.session.token })).json()).toEqual({ data: { status: 'LOCKED', vipStatus: 'NOT_CHECKED' } });
    expect(((await (await f.call('POST', '/subscription-status', { body: { requestSubscriptionDetails: { email: me.email } } })).json()) as { data: { isLocked: boolean } }).data.isLocked).toBe(true);

    await f.call('POST', `/user/${encodeURIComponent(me.email)}/password_reset_request`);
    const token = await f.linkToken(me.email, 'resetPassword');
    expect((await f.call('POST', '/user/password_reset', { body: { token, password: 'Unlocked-Pass-4', confirmPassword: 'Unlocked-Pass-4' } })).status).toBe(200);
    expect((await f.login(me.email, 'Unlocked-Pass-4')).status).toBe(200);
    const { rows } = await sql<{ failed_logins: number; locked_at: Date | null }>`select failed_logins, locked_at from users.account where email = ${me.email}`.execute(f.database.db);
    expect(rows[0]).toMatchObject({ failed_logins: 0, locked_at: null });
  });

  it(`the lock lifts by itself ${LOCK_DURATION_MS / 60_000} minutes after it was set, and the count of failures starts again from zero`, async () => {
    const me = await f.signUp();
    // A remember-me session, so that it outlives the hour (idle 14 days).
    const session = ((await (await f.login(me.email, me.password, { rememberMe: true })).json()) as { data: { session: { token: string } } }).data.session.token;
    const status = async () => ({
      account: ((await (await f.call('GET', '/user/account-status', { session })).json()) as { data: { status: string } }).data.status,
      isLocked: ((await (await f.call('POST', '/subscription-status', { ip: f.ip(), body: { requestSubscriptionDetails: { email: me.email } } })).json()) as { data: { isLocked: boolean } }).data
        .isLocked,
      user: ((await (await f.call('GET', '/user', { session })).json()) as { data: { status: { isLocked: boolean } } }).data.status.isLocked,
    });
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) expect((await f.login(me.email, `Wrong-Guess-${i}`, { ip: f.ip() })).status).toBe(401);
    // Guesses while locked (423 whatever the password) neither lengthen the lock nor count towards the next one.
    f.clock.advance(LOCK_DURATION_MS - 60_000);
    expect((await f.login(me.email, 'Wrong-While-Locked', { ip: f.ip() })).status).toBe(423);
    expect((await f.login(me.email, me.password, { ip: f.ip() })).status).toBe(423);
    expect(await status()).toEqual({ account: 'LOCKED', isLocked: true, user: true });

    f.clock.advance(60_000);
    expect(await status()).toEqual({ account: 'ACTIVE', isLocked: false, user: false });
    // From zero again: LOCK_AFTER_FAILURES - 1 wrong passwords do not lock; the right one then signs in.
    for (let i = 0; i < LOCK_AFTER_FAILURES - 1; i++) expect((await f.login(me.email, `Wrong-After-${i}`, { ip: f.ip() })).status).toBe(401);
    const { rows } = await sql<{ failed_logins: number; locked_at: Date | null }>`select failed_logins, locked_at from users.account where email = ${me.email}`.execute(f.database.db);
    expect(rows[0]).toMatchObject({ failed_logins: LOCK_AFTER_FAILURES - 1, locked_at: null });
    expect((await f.login(me.email, me.password, { ip: f.ip() })).status).toBe(200);
    // And it locks again at the threshold, for another full period.
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) expect((await f.login(me.email, `Wrong-Again-${i}`, { ip: f.ip() })).status).toBe(401);
    expect((await f.login(me.email, me.password, { ip: f.ip() })).status).toBe(423);
    f.clock.advance(LOCK_DURATION_MS);
    expect((await f.login(me.email, me.password, { ip: f.ip() })).status).toBe(200);
  });

  it("an attacker who locked the account and used up their reset requests leaves the owner's reset alone (counted per email and address)", async () => {
    const me = await f.signUp();
    const attacker = f.ip();
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) expect((await f.login(me.email, `Attack-${i}`, { ip: attacker })).status).toBe(401);
    const reset = (ip: string) => f.call('POST', `/user/${encodeURIComponent(me.email)}/password_reset_request`, { ip });
    for (let i = 0; i < DEFAULT_RATE_LIMITS.resetPerEmail.limit; i++) expect((await reset(attacker)).status).toBe(202);
    await expectRateLimited(await reset(attacker));
    // The attacker's logins for this email run out too; the owner's from their own address do not.
    for (let i = LOCK_AFTER_FAILURES; i < DEFAULT_RATE_LIMITS.loginPerEmail.limit; i++) expect((await f.login(me.email, `Attack-${i}`, { ip: attacker })).status).toBe(423);
    await expectRateLimited(await f.login(me.email, me.password, { ip: attacker }));

    const owner = f.ip();
    expect((await f.login(me.email, me.password, { ip: owner })).status).toBe(423);
    await f.mail(me.email);
    expect((await reset(owner)).status).toBe(202);
    // The newest link is the owner's (each request voids the older ones).
    const token = await f.linkToken(me.email, 'resetPassword');
    expect((await f.call('POST', '/user/password_reset', { ip: owner, body: { token, password: 'Owner-Again-7', confirmPassword: 'Owner-Again-7' } })).status).toBe(200);
    expect((await f.login(me.email, 'Owner-Again-7', { ip: owner })).status).toBe(200);
  });

  it('a right password clears the count of wrong ones (consecutive failures lock, not a lifetime total)', async () => {
    const me = await f.signUp();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LOCK_AFTER_FAILURES - 1; i++) expect((await f.login(me.email, `Wrong-${round}-${i}`)).status).toBe(401);
      expect((await f.login(me.email, me.password)).status).toBe(200);
    }
  });

  it(`limits logins per client address (default ${DEFAULT_RATE_LIMITS.loginPerAddress.limit} per 15 minutes): 429 with Retry-After, then the window passes`, async () => {
    const ip = f.ip();
    for (let i = 0; i < DEFAULT_RATE_LIMITS.loginPerAddress.limit; i++) {
      expect((await f.login(f.email('stuffing'), 'Some-Password-1', { ip })).status).toBe(401);
    }
    const retryAfter = await expectRateLimited(await f.login(f.email('stuffing'), 'Some-Password-1', { ip }));
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another address is not held back; this one is again once the window has passed.
    expect((await f.login(f.email('stuffing'), 'Some-Password-1', { ip: f.ip() })).status).toBe(401);
    f.clock.advance(retryAfter * 1000);
    expect((await f.login(f.email('stuffing'), 'Some-Password-1', { ip })).status).toBe(401);
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

import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { CurrentSessionSchema, SignedInSchema, UserResponseSchema } from '../contract.ts';
import { ARGON2_PREFIX } from '../lib/passwords.ts';
import { problemOf, PUBLIC_BASE_URL, usersFixture } from '../test/users-fixture.ts';

describe.each(testDatabases())('accounts on %s', (_name, open) => {
  const f = suiteFixture(() => usersFixture(open), (fixture) => fixture.close());

  const register = (email: string, password = 'Correct-Horse-9', extra: Record<string, unknown> = {}, ip = f.ip()) =>
    f.call('POST', '/register', { ip, body: { requestRegistration: { email, password, firstName: 'Ann', lastName: 'Shopper', ...extra } } });

  it('registers (202 CHECK_EMAIL), confirms by the emailed link (signed in), logs in and out', async () => {
    const email = f.email();
    const res = await register(email);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ data: { status: 'CHECK_EMAIL', email } });

    // Not confirmed yet (the account is made just after the answer): the right password gives 403 and a fresh link; a wrong one 401.
    await f.app.settled();
    const early = await f.login(email, 'Correct-Horse-9');
    expect(early.status).toBe(403);
    expect(await problemOf(early)).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED', detail: ERROR_MESSAGES.EMAIL_NOT_CONFIRMED });
    expect((await f.mail(email)).filter((m) => m.kind === 'confirm_email')).toHaveLength(2);
    expect((await f.login(email, 'Wrong-Horse-9')).status).toBe(401);

    const token = await f.linkToken(email, 'confirmEmail');
    const verified = await f.call('POST', '/email/verify', { body: { token } });
    expect(verified.status).toBe(200);
    const signedIn = SignedInSchema.parse(await verified.json());
    expect(signedIn.data.user).toMatchObject({ email, firstName: 'Ann', lastName: 'Shopper', emailVerified: true, vipStatus: 'NOT_CHECKED', socialLogins: [] });
    expect(signedIn.data.user.status).toMatchObject({ DED: true, hasPassword: true, isRegistered: true, isLocked: false, tpl: false });
    expect(signedIn.data.user.customerToken.length).toBeGreaterThanOrEqual(10);
    expect(signedIn.data.session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The link is single use.
    expect(await problemOf(await f.call('POST', '/email/verify', { body: { token } }))).toMatchObject({ status: 400, code: 'INVALID_LINK' });

    const login = await f.login(email, 'Correct-Horse-9');
    expect(login.status).toBe(200);
    const session = SignedInSchema.parse(await login.json()).data.session;
    expect(session.persistent).toBe(false);
    const current = await f.call('GET', '/session', { session: session.token });
    expect(CurrentSessionSchema.parse(await current.json()).data.user.email).toBe(email);

    const out = await f.call('PUT', '/logout', { session: session.token });
    expect(out.status).toBe(204);
    const replay = await f.call('GET', '/session', { session: session.token });
    expect(replay.status).toBe(401);
    expect(await problemOf(replay)).toMatchObject({ code: 'UNAUTHENTICATED', detail: ERROR_MESSAGES.UNAUTHENTICATED });
    expect((await f.call('PUT', '/logout', { session: session.token })).status).toBe(401);
    expect(f.logged).toEqual([]);
  });

  it('links in emails start with PUBLIC_BASE_URL whatever Host and X-Forwarded-Host say', async () => {
    const email = f.email();
    const res = await f.call('POST', '/register', {
      body: { requestRegistration: { email, password: 'Correct-Horse-9', firstName: 'Ann', lastName: 'Shopper' } },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example' },
    });
    expect(res.status).toBe(202);
    const [message] = await f.mail(email);
    expect(message!.text).toContain(`${PUBLIC_BASE_URL}/confirm-email?token=`);
    expect(message!.html).toContain(`href="${PUBLIC_BASE_URL}/confirm-email?token=`);
    expect(`${message!.text}${message!.html}`).not.toContain('evil.example');
    expect(message!.subject).toBe('Confirm your email address for Thistle Deals');
  });

  it('answers a registered address exactly as a new one, and emails its owner instead', async () => {
    const me = await f.signUp();
    const before = (await f.mail(me.email)).length;
    const res = await register(me.email.toUpperCase(), 'Another-Pass-1');
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ data: { status: 'CHECK_EMAIL', email: me.email } });
    const mail = await f.mail(me.email);
    expect(mail).toHaveLength(before + 1);
    expect(mail[0]).toMatchObject({ kind: 'already_registered', subject: 'You already have a Thistle Deals account' });
    expect(mail[0]!.text).toContain(`${PUBLIC_BASE_URL}/login`);
    expect(mail[0]!.text).toContain(`${PUBLIC_BASE_URL}/forgot-password`);
    // The account is untouched: the old password still works, the new one does not.
    expect((await f.login(me.email, me.password)).status).toBe(200);
    expect((await f.login(me.email, 'Another-Pass-1')).status).toBe(401);
  });

  it('stores argon2id m=19456,t=2,p=1 hashes, and rehashes older parameters at the next login', async () => {
    const me = await f.signUp();
    const row = await sql<{ id: number; password_hash: string }>`select id, password_hash from users.account where email = ${me.email}`.execute(f.database.db);
    const stored = row.rows[0]!.password_hash;
    expect(stored.startsWith(ARGON2_PREFIX)).toBe(true);
    expect(stored).not.toContain(me.password);

    const { hash } = await import('@node-rs/argon2');
    const weak = await hash(me.password, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    expect(weak.startsWith('$argon2id$v=19$m=4096,t=1,p=1$')).toBe(true);
    await sql`update users.account set password_hash = ${weak} where id = ${row.rows[0]!.id}`.execute(f.database.db);
    expect((await f.login(me.email, me.password)).status).toBe(200);
    const after = await sql<{ password_hash: string }>`select password_hash from users.account where id = ${row.rows[0]!.id}`.execute(f.database.db);
    expect(after.rows[0]!.password_hash.startsWith(ARGON2_PREFIX)).toBe(true);
    expect(after.rows[0]!.password_hash).not.toBe(weak);
    expect((await f.login(me.email, me.password)).status).toBe(200);
  });

  it('express registration makes a passwordless account; the activate link sets its first password without signing in', async () => {
    const email = f.email('guest');
    const res = await f.call('POST', '/express-register', { body: { requestRegistration: { email } } });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ data: { status: 'CHECK_EMAIL', email } });
    const [mail] = await f.mail(email);
    expect(mail).toMatchObject({ kind: 'password_activate' });
    const status = await f.call('POST', '/subscription-status', { body: { requestSubscriptionDetails: { email } } });
    expect(await status.json()).toEqual({ data: { hasPassword: false, isLocked: false, isRegistered: true, tpl: false } });
    // No password: every login attempt is the generic 401.
    expect((await f.login(email, 'anything-at-all')).status).toBe(401);

    const token = await f.linkToken(email, 'activateAccount');
    // A reset-password route does not take an activation link, nor the reverse.
    expect((await f.call('POST', '/user/password_reset', { body: { token, password: 'First-Pass-1', confirmPassword: 'First-Pass-1' } })).status).toBe(400);
    const done = await f.call('POST', '/user/password_activate', { body: { token, password: 'First-Pass-1', confirmPassword: 'First-Pass-1' } });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ data: { status: 'PASSWORD_RESET' } });
    expect(done.headers.get('set-cookie')).toBeNull();
    const again = await f.call('POST', '/user/password_activate', { body: { token, password: 'First-Pass-1', confirmPassword: 'First-Pass-1' } });
    expect(await problemOf(again)).toMatchObject({ status: 400, code: 'INVALID_LINK', detail: ERROR_MESSAGES.INVALID_LINK });
    const login = await f.login(email, 'First-Pass-1');
    expect(login.status).toBe(200);
    expect(SignedInSchema.parse(await login.json()).data.user.emailVerified).toBe(true);
  });

  it('answers the pre-login check (subscription-status) for known and unknown addresses', async () => {
    const me = await f.signUp();
    const known = await f.call('POST', '/subscription-status', { body: { requestSubscriptionDetails: { email: me.email.toUpperCase() } } });
    expect(await known.json()).toEqual({ data: { hasPassword: true, isLocked: false, isRegistered: true, tpl: false } });
    const unknown = await f.call('POST', '/subscription-status', { body: { requestSubscriptionDetails: { email: f.email('nobody') } } });
    expect(await unknown.json()).toEqual({ data: { hasPassword: false, isLocked: false, isRegistered: false, tpl: false } });
  });

  it('reads and changes the profile, the account status and customer-token validity', async () => {
    const me = await f.signUp({ firstName: 'Ann', lastName: 'Shopper' });
    const session = me.data.session.token;
    const user = UserResponseSchema.parse(await (await f.call('GET', '/user', { session })).json()).data;
    expect(user).toEqual(me.data.user);
    const put = await f.call('PUT', '/user', { session, body: { user: { firstName: '  Morag ', lastName: "O'Neill-Brown" } } });
    expect(put.status).toBe(200);
    expect(UserResponseSchema.parse(await put.json()).data).toMatchObject({ firstName: 'Morag', lastName: "O'Neill-Brown", email: me.email });
    expect(await (await f.call('GET', '/user/account-status', { session })).json()).toEqual({ data: { status: 'ACTIVE', vipStatus: 'NOT_CHECKED' } });

    expect(await (await f.call('GET', `/user?ct=${user.customerToken}`)).json()).toEqual({ data: { valid: true } });
    expect(await (await f.call('GET', '/user?ct=short')).json()).toEqual({ data: { valid: false } });
    expect(await (await f.call('GET', `/user?ct=${'0'.repeat(32)}`)).json()).toEqual({ data: { valid: false } });
    // Without ct and without a session: 401.
    expect((await f.call('GET', '/user')).status).toBe(401);
  });

  it('registering with subscribe asks for a subscription that the confirmation link confirms', async () => {
    const email = f.email();
    expect((await register(email, 'Correct-Horse-9', { subscribe: true })).status).toBe(202);
    const token = await f.linkToken(email, 'confirmEmail');
    const signedIn = SignedInSchema.parse(await (await f.call('POST', '/email/verify', { body: { token } })).json());
    expect(signedIn.data.user.emailSubscribed).toBe(true);
    expect(signedIn.data.user.status.isSubscribed).toBe(true);
  });

  it('keeps an append-only event log beside the account, without personal data', async () => {
    const me = await f.signUp();
    await f.login(me.email, 'Wrong-Pass-1');
    const { rows } = await sql<{ kind: string; detail: unknown }>`
      select e.kind, e.detail from users.account_event e join users.account a on a.id = e.user_id where a.email = ${me.email} order by e.id`.execute(f.database.db);
    expect(rows.map((r) => r.kind)).toEqual(['registered', 'email_verified', 'login', 'login_failed']);
    expect(JSON.stringify(rows)).not.toContain(me.email);
    await expect(sql`update users.account_event set kind = 'x'`.execute(f.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from users.account_event`.execute(f.database.db)).rejects.toThrow(/append-only/);
  });

  it('stores only SHA-256 digests of session and link tokens', async () => {
    const me = await f.signUp();
    const { rows } = await sql<{ t: string }>`
      select token_hash as t from users.session union all select token_hash from users.one_time_token`.execute(f.database.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.t).toMatch(/^[0-9a-f]{64}$/);
    const dump = JSON.stringify((await sql`select * from users.session`.execute(f.database.db)).rows);
    expect(dump).not.toContain(me.data.session.token);
  });
});

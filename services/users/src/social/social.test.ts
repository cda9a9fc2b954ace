/**
 * Social sign-in records (reliability A8): users keyed by (issuer, subject), linking only by a
 * verified address, and the pre-hijacking defence for unconfirmed classic accounts.
 */
import { describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { sql } from 'kysely';
import { SignedInSchema } from '../contract.ts';
import { problemOf, usersFixture } from '../test/users-fixture.ts';

const GOOGLE = 'https://accounts.google.com';
const FACEBOOK = 'https://www.facebook.com';

describe.each(testDatabases())('social sign-in on %s', (_name, open) => {
  const f = suiteFixture(() => usersFixture(open), (fixture) => fixture.close());

  let subjects = 0;
  const claims = (email: string, extra: Record<string, unknown> = {}) => ({ issuer: GOOGLE, subject: `sub-${++subjects}-${email}`, email, emailVerified: true, firstName: 'Gail', lastName: 'Google', ...extra });
  const signedIn = async (res: Response) => {
    expect(res.status).toBe(200);
    return SignedInSchema.parse(await res.json()).data;
  };

  it("login with an unknown identity and address: 404 \"Email wasn't registered\"; register creates a confirmed, passwordless account", async () => {
    const email = f.email('google');
    const c = claims(email);
    const missing = await f.call('POST', '/logingoogle', { body: c });
    expect(await problemOf(missing)).toMatchObject({ status: 404, code: 'EMAIL_NOT_REGISTERED', detail: ERROR_MESSAGES.EMAIL_NOT_REGISTERED });
    expect(ERROR_MESSAGES.EMAIL_NOT_REGISTERED).toBe("Email wasn't registered");

    const created = await signedIn(await f.call('POST', '/registergoogleuser', { body: c }));
    expect(created.user).toMatchObject({ email, firstName: 'Gail', emailVerified: true, socialLogins: ['google'] });
    expect(created.user.status).toMatchObject({ tpl: true, hasPassword: false, isFacebook: false, FBO: false, DED: true });
    const again = await signedIn(await f.call('POST', '/logingoogle', { body: c }));
    expect(again.user.id).toBe(created.user.id);
    expect(again.session.token).not.toBe(created.session.token);
    // Registering again with the same identity just signs in.
    expect((await signedIn(await f.call('POST', '/registergoogleuser', { body: c }))).user.id).toBe(created.user.id);
  });

  it('keys users by (issuer, subject), not by address: a changed address still signs the same user in', async () => {
    const email = f.email('moved');
    const c = claims(email);
    const first = await signedIn(await f.call('POST', '/registergoogleuser', { body: c }));
    const moved = await signedIn(await f.call('POST', '/logingoogle', { body: { ...c, email: f.email('elsewhere') } }));
    expect(moved.user.id).toBe(first.user.id);
    // Same address, another subject of the same issuer: a different identity, linked (the address is verified on both sides).
    const other = await signedIn(await f.call('POST', '/logingoogle', { body: { ...c, subject: 'another-subject' } }));
    expect(other.user.id).toBe(first.user.id);
  });

  it('links to a confirmed classic account with the same verified address, keeping its password', async () => {
    const me = await f.signUp();
    const linked = await signedIn(await f.call('POST', '/logingoogle', { body: claims(me.email) }));
    expect(linked.user.id).toBe(me.data.user.id);
    expect(linked.user.socialLogins).toEqual(['google']);
    expect(linked.user.status.hasPassword).toBe(true);
    expect((await f.login(me.email, me.password)).status).toBe(200);
  });

  it('never links or creates by an address the identity provider has not verified', async () => {
    const me = await f.signUp();
    const unverified = claims(me.email, { emailVerified: false });
    expect((await problemOf(await f.call('POST', '/logingoogle', { body: unverified }))).code).toBe('EMAIL_NOT_REGISTERED');
    const reg = await problemOf(await f.call('POST', '/registergoogleuser', { body: unverified }));
    expect(reg).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(reg.errors?.[0]?.field).toBe('emailVerified');
    expect((await f.call('GET', '/user', { session: me.data.session.token })).status).toBe(200);
  });

  it("pre-hijacking: an attacker's unconfirmed account with the victim's address loses its password and sessions when the victim signs in with Google", async () => {
    const victim = f.email('victim');
    // The attacker registers the victim's address and holds a session... except unconfirmed accounts
    // cannot sign in, so the attacker's only hold is the password; give them a session directly too.
    await f.call('POST', '/register', { body: { requestRegistration: { email: victim, password: 'Attacker-Pass-1', firstName: 'Eve', lastName: 'Attacker' } } });
    await f.app.settled();
    const { createSession } = await import('../store/sessions.ts');
    const { findByEmail } = await import('../store/accounts.ts');
    const account = (await findByEmail(f.database.db, victim))!;
    const attackerSession = await createSession(f.database.db, account.id, true, f.clock.now);
    const attackerLink = await f.linkToken(victim, 'confirmEmail');

    const mine = await signedIn(await f.call('POST', '/logingoogle', { body: claims(victim) }));
    expect(mine.user.id).toBe(account.id);
    expect(mine.user.status).toMatchObject({ hasPassword: false, DED: true, tpl: true });
    expect((await f.call('GET', '/session', { session: attackerSession.token })).status).toBe(401);
    expect((await f.login(victim, 'Attacker-Pass-1')).status).toBe(401);
    expect((await f.call('POST', '/email/verify', { body: { token: attackerLink } })).status).toBe(400);
  });

  it('Facebook sets isFacebook, and FBO while Facebook is the only way in', async () => {
    const email = f.email('fb');
    const body = { ...claims(email), issuer: FACEBOOK, mode: 'register' };
    const created = await signedIn(await f.call('POST', '/facebook/authenticate', { body }));
    expect(created.user.status).toMatchObject({ isFacebook: true, FBO: true, tpl: true, hasPassword: false });
    expect(created.user.socialLogins).toEqual(['facebook']);
    const login = await signedIn(await f.call('POST', '/facebook/authenticate', { body: { ...body, mode: 'login' } }));
    expect(login.user.id).toBe(created.user.id);
    const nobody = await f.call('POST', '/facebook/authenticate', { body: { ...claims(f.email('fbnone')), issuer: FACEBOOK, mode: 'login' } });
    expect((await problemOf(nobody)).code).toBe('EMAIL_NOT_REGISTERED');

    // A password set by reset: no longer Facebook-only.
    await f.call('POST', `/user/${encodeURIComponent(email)}/password_reset_request`);
    const token = await f.linkToken(email, 'resetPassword');
    await f.call('POST', '/user/password_reset', { body: { token, password: 'Now-With-Pass-1', confirmPassword: 'Now-With-Pass-1' } });
    const after = await signedIn(await f.login(email, 'Now-With-Pass-1'));
    expect(after.user.status).toMatchObject({ isFacebook: true, FBO: false, hasPassword: true });
  });

  it('a locked account refuses social sign-in too (423 ACCOUNT_LOCKED): by its linked identity, and by linking its verified address; the lock is left as it was', async () => {
    const me = await f.signUp();
    const c = claims(me.email);
    await signedIn(await f.call('POST', '/logingoogle', { body: c }));
    // Only staff lock an account (issue 14 #5: failed sign-ins are throttled, never locked).
    await sql`update users.account set locked_at = ${f.clock.now} where email = ${me.email}`.execute(f.database.db);
    expect((await f.login(me.email, me.password, { ip: f.ip() })).status).toBe(423);

    for (const [path, body] of [
      ['/logingoogle', c],
      ['/registergoogleuser', c],
      // Another identity with the same verified address would be linked: refused as well.
      ['/logingoogle', { ...c, subject: 'another-subject-while-locked' }],
      ['/facebook/authenticate', { ...c, issuer: FACEBOOK, subject: 'fb-while-locked', mode: 'login' }],
    ] as const) {
      const res = await f.call('POST', path, { body });
      expect(await problemOf(res), path).toMatchObject({ status: 423, code: 'ACCOUNT_LOCKED', detail: ERROR_MESSAGES.ACCOUNT_LOCKED });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const { rows } = await sql<{ locked_at: Date | null; n: number }>`
      select a.locked_at, (select count(*)::int from users.social_identity i where i.user_id = a.id) as n from users.account a where a.email = ${me.email}`.execute(f.database.db);
    expect(rows[0]!.locked_at).not.toBeNull();
    expect(rows[0]!.n).toBe(1);
    // Once staff lift the lock, the identity signs in again.
    await sql`update users.account set locked_at = null where email = ${me.email}`.execute(f.database.db);
    expect((await signedIn(await f.call('POST', '/logingoogle', { body: c }))).user.email).toBe(me.email);
  });

  describe('Facebook registration without email_verified (real Facebook ID tokens carry none)', () => {
    const fb = (email: string, mode: 'login' | 'register', extra: Record<string, unknown> = {}) => {
      const { emailVerified: _verified, ...rest } = claims(email, { issuer: FACEBOOK, firstName: 'Fergus', ...extra });
      return { ...rest, emailVerified: false, mode };
    };
    const accountOf = async (email: string) => {
      const { rows } = await sql<{ id: string; email_verified: boolean; password_hash: string | null; n: number }>`
        select a.id, a.email_verified, a.password_hash, (select count(*)::int from users.social_identity i where i.user_id = a.id) as n
        from users.account a where lower(a.email) = ${email.toLowerCase()} and a.anonymised_at is null`.execute(f.database.db);
      return rows;
    };

    it('creates a NEW unconfirmed account with the identity linked and emails a confirmation link (no name); the link signs in, then Facebook does', async () => {
      const email = f.email('fb.unverified');
      const body = fb(email, 'register');
      const res = await f.call('POST', '/facebook/authenticate', { body });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ data: { status: 'CHECK_EMAIL', email } });
      expect(res.headers.get('set-cookie')).toBeNull();
      await f.app.settled();
      expect(await accountOf(email)).toEqual([expect.objectContaining({ email_verified: false, password_hash: null, n: 1 })]);
      const [mail] = await f.mail(email);
      expect(mail).toMatchObject({ kind: 'confirm_email' });
      expect(mail!.text).toContain('with Facebook');
      expect(mail!.text).not.toContain('Fergus');

      // Before the link is opened the identity does not sign in: 403, and a fresh link is sent.
      for (const mode of ['login', 'register'] as const) {
        const early = await f.call('POST', '/facebook/authenticate', { body: { ...body, mode } });
        expect(await problemOf(early)).toMatchObject({ status: 403, code: 'EMAIL_NOT_CONFIRMED', detail: ERROR_MESSAGES.EMAIL_NOT_CONFIRMED });
      }
      expect((await f.mail(email)).filter((m) => m.kind === 'confirm_email')).toHaveLength(3);

      const verified = await signedIn(await f.call('POST', '/email/verify', { body: { token: await f.linkToken(email, 'confirmEmail') } }));
      expect(verified.user).toMatchObject({ email, emailVerified: true, firstName: 'Fergus', socialLogins: ['facebook'] });
      expect(verified.user.status).toMatchObject({ isFacebook: true, FBO: true, DED: true });
      const again = await signedIn(await f.call('POST', '/facebook/authenticate', { body: { ...body, mode: 'login' } }));
      expect(again.user.id).toBe(verified.user.id);
    });

    it('an address that already has an account: the same 202, the "already registered" email, nothing linked or created', async () => {
      for (const existing of [await f.signUp(), { email: f.email('fb.pending') }]) {
        if (!('data' in existing)) {
          await f.call('POST', '/register', { ip: f.ip(), body: { requestRegistration: { email: existing.email, password: 'Correct-Horse-9', firstName: 'Ann', lastName: 'Shopper' } } });
          await f.app.settled();
        }
        const before = await accountOf(existing.email);
        const res = await f.call('POST', '/facebook/authenticate', { body: fb(existing.email, 'register') });
        expect(res.status).toBe(202);
        expect(await res.json()).toEqual({ data: { status: 'CHECK_EMAIL', email: existing.email } });
        await f.app.settled();
        expect(await accountOf(existing.email)).toEqual(before);
        expect((await f.mail(existing.email))[0]).toMatchObject({ kind: 'already_registered' });
        // And it cannot sign in by that identity.
        expect((await problemOf(await f.call('POST', '/facebook/authenticate', { body: fb(existing.email, 'login') }))).code).toBe('EMAIL_NOT_REGISTERED');
      }
    });

    it('never signs in by an unverified address on login, and Google without email_verified is still refused', async () => {
      const me = await f.signUp();
      expect((await problemOf(await f.call('POST', '/facebook/authenticate', { body: fb(me.email, 'login') }))).code).toBe('EMAIL_NOT_REGISTERED');
      expect((await problemOf(await f.call('POST', '/registergoogleuser', { body: claims(f.email('g'), { emailVerified: false }) }))).errors?.[0]?.field).toBe('emailVerified');
    });

    it("pre-hijacking: the owner of the address proving it (Google, or a password reset) drops the Facebook identity someone else linked", async () => {
      for (const proof of ['google', 'reset'] as const) {
        const victim = f.email(`fb.victim.${proof}`);
        const attacker = fb(victim, 'register', { subject: `attacker-${proof}` });
        expect((await f.call('POST', '/facebook/authenticate', { body: attacker })).status).toBe(202);
        await f.app.settled();
        if (proof === 'google') {
          await signedIn(await f.call('POST', '/logingoogle', { body: claims(victim) }));
        } else {
          await f.call('POST', `/user/${encodeURIComponent(victim)}/password_reset_request`);
          const token = await f.linkToken(victim, 'resetPassword');
          expect((await f.call('POST', '/user/password_reset', { body: { token, password: 'Victim-Pass-1', confirmPassword: 'Victim-Pass-1' } })).status).toBe(200);
        }
        const [row] = await accountOf(victim);
        expect(row).toMatchObject({ email_verified: true, n: proof === 'google' ? 1 : 0 });
        // The attacker's identity no longer leads to the account.
        const res = await f.call('POST', '/facebook/authenticate', { body: { ...attacker, mode: 'login' } });
        expect((await problemOf(res)).code, proof).toBe('EMAIL_NOT_REGISTERED');
      }
    });
  });

  it('drops identity-provider names that fail the name rules, and refuses malformed claims', async () => {
    const created = await signedIn(await f.call('POST', '/registergoogleuser', { body: claims(f.email('oddname'), { firstName: '\u202eevil', lastName: 'x'.repeat(500) }) }));
    expect(created.user).toMatchObject({ firstName: null, lastName: null });
    for (const bad of [{ issuer: 'not a url' }, { subject: '' }, { email: 'nope' }, { emailVerified: 'yes' }, { admin: true }]) {
      const res = await f.call('POST', '/registergoogleuser', { body: claims(f.email(), bad) });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect((await problemOf(res)).errors?.[0]?.field).toBe(Object.keys(bad)[0]);
    }
  });
});

/**
 * Spec §5 through REST (every rule and its words), password lengths (reliability A4), and the
 * reset-link lifecycle (reliability A7).
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, RESET_TOKEN_TTL_MS } from '@shop/domain/accounts';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { SignedInSchema } from '../contract.ts';
import { problemOf, usersFixture } from '../test/users-fixture.ts';

const M = ACCOUNT_MESSAGES;

describe.each(testDatabases())('passwords on %s', (_name, open) => {
  const f = suiteFixture(() => usersFixture(open), (fixture) => fixture.close());

  const errorsOf = async (res: Response) => {
    expect(res.status).toBe(400);
    const body = await problemOf(res);
    expect(body.code).toBe('VALIDATION_FAILED');
    return body.errors ?? [];
  };
  const firstFor = (errors: Array<{ field: string; message: string }>, field: string) => errors.find((e) => e.field === field)?.message;
  const register = (fields: Record<string, unknown>) =>
    f.call('POST', '/register', { ip: f.ip(), body: { requestRegistration: { email: f.email(), password: 'Correct-Horse-9', firstName: 'Ann', lastName: 'Shopper', ...fields } } });
  const change = (session: string, currentPassword: string, newPassword: string, confirmPassword = newPassword) =>
    f.call('PATCH', '/user/password', { session, body: { passwordChange: { currentPassword, newPassword, confirmPassword } } });

  describe('spec §5, first reading: the register and login forms', () => {
    it('requires every field and says so in the spec\'s words', async () => {
      const errors = await errorsOf(await register({ email: '', password: '', firstName: '', lastName: '' }));
      for (const field of ['email', 'password', 'firstName', 'lastName']) expect(firstFor(errors, field), field).toBe(M.required);
      const missing = await errorsOf(await f.call('POST', '/register', { body: { requestRegistration: {} } }));
      for (const field of ['email', 'password', 'firstName', 'lastName']) expect(firstFor(missing, field), field).toBe(M.required);
    });

    it("'Password must be at least 6 characters'; 'Enter a valid email'", async () => {
      expect(firstFor(await errorsOf(await register({ password: '12345' })), 'password')).toBe(M.passwordMin6);
      expect(firstFor(await errorsOf(await register({ email: 'not-an-email' })), 'email')).toBe(M.email);
      expect((await register({ password: 'Glen-6' })).status).toBe(202);
      const login = await f.call('POST', '/login', { body: { loginRequest: { j_username: 'nope', j_password: '12345' } } });
      const errors = await errorsOf(login);
      expect(firstFor(errors, 'email')).toBe(M.email);
      expect(firstFor(errors, 'password')).toBe(M.passwordMin6);
      expect(firstFor(await errorsOf(await f.call('POST', '/login', { body: { loginRequest: { j_username: '', j_password: '' } } })), 'password')).toBe(M.required);
    });

    it("'Please enter a valid email' on the subscribe box", async () => {
      const errors = await errorsOf(await f.call('POST', '/subscription', { body: { email: 'nope@', source: 'popup' } }));
      expect(firstFor(errors, 'email')).toBe(M.subscribeEmail);
    });
  });

  describe('the most common passwords (reliability A4): refused on register, change, reset and activate; never on login', () => {
    it('the domain list is the first 3000 of the @zxcvbn-ts/language-common dictionary (regenerate with services/users/scripts/common-passwords.ts)', async () => {
      const { commonPasswordsFromDictionary } = await import('../../scripts/common-passwords.ts');
      const { commonPasswords, COMMON_PASSWORDS_COUNT } = await import('@shop/domain/accounts-common-passwords');
      expect(COMMON_PASSWORDS_COUNT).toBe(3000);
      expect([...commonPasswords()]).toEqual(commonPasswordsFromDictionary(3000));
      expect(commonPasswords().size).toBeGreaterThan(2900);
    });

    it('register: a common password (in any case) is refused with its own message; others pass', async () => {
      for (const password of ['123456', 'password', 'Password', 'qwerty123', 'LetMeIn1', 'iloveyou']) {
        const errors = await errorsOf(await register({ password }));
        expect(errors.filter((e) => e.field === 'password'), password).toEqual([{ field: 'password', message: M.passwordTooCommon }]);
      }
      expect(M.passwordTooCommon).toBe('This password is too common. Please choose a different one.');
      // Too short is said first, and alone.
      expect(firstFor(await errorsOf(await register({ password: '1234' })), 'password')).toBe(M.passwordMin6);
      expect((await register({ password: 'Tartan-Scone-7' })).status).toBe(202);
    });

    it('change, reset and activate: a common password that passes every spec rule is refused', async () => {
      const me = await f.signUp();
      const changed = await errorsOf(await change(me.data.session.token, me.password, 'Password1'));
      expect(changed).toEqual([{ field: 'newPassword', message: M.passwordTooCommon }]);
      // Failing spec rules are shown, not the commonness on top.
      expect((await errorsOf(await change(me.data.session.token, me.password, 'password'))).map((e) => e.message)).toEqual([M.passwordUppercase, M.passwordNumberOrSpecial]);

      await f.call('POST', `/user/${encodeURIComponent(me.email)}/password_reset_request`);
      const token = await f.linkToken(me.email, 'resetPassword');
      const reset = await errorsOf(await f.call('POST', '/user/password_reset', { body: { token, password: 'Qwerty123', confirmPassword: 'Qwerty123' } }));
      expect(reset).toEqual([{ field: 'password', message: M.passwordTooCommon }]);
      // The link was not used up by the refused attempt.
      expect((await f.call('POST', '/user/password_reset', { body: { token, password: 'Kelpie-Loch-8', confirmPassword: 'Kelpie-Loch-8' } })).status).toBe(200);

      const express = f.email('express.common');
      await f.call('POST', '/express-register', { ip: f.ip(), body: { requestRegistration: { email: express } } });
      const activate = await f.linkToken(express, 'activateAccount');
      const refused = await errorsOf(await f.call('POST', '/user/password_activate', { body: { token: activate, password: 'Trustno1', confirmPassword: 'Trustno1' } }));
      expect(refused).toEqual([{ field: 'password', message: M.passwordTooCommon }]);
    });

    it('login never judges an existing password: a common one gets the usual 401, not a form error', async () => {
      const res = await f.login(f.email('nobody'), 'password');
      expect(res.status).toBe(401);
    });
  });

  describe('spec §5, second reading: changing the password', () => {
    it('lists every failing rule, one error each, in the spec\'s words', async () => {
      const me = await f.signUp();
      const s = me.data.session.token;
      expect((await errorsOf(await change(s, me.password, 'abc'))).filter((e) => e.field === 'newPassword').map((e) => e.message)).toEqual([
        M.passwordMin8,
        M.passwordUppercase,
        M.passwordNumberOrSpecial,
      ]);
      expect((await errorsOf(await change(s, me.password, 'abcdefgh'))).map((e) => e.message)).toEqual([M.passwordUppercase, M.passwordNumberOrSpecial]);
      expect((await errorsOf(await change(s, me.password, 'Abcdefgh'))).map((e) => e.message)).toEqual([M.passwordNumberOrSpecial]);
      expect((await errorsOf(await change(s, me.password, 'Abcdefg1', 'Abcdefg2')))).toEqual([{ field: 'confirmPassword', message: M.passwordsMatch }]);
      const blank = await errorsOf(await f.call('PATCH', '/user/password', { session: s, body: { passwordChange: { currentPassword: '', newPassword: '', confirmPassword: '' } } }));
      for (const field of ['currentPassword', 'newPassword', 'confirmPassword']) expect(firstFor(blank, field), field).toBe(M.required);
      // A number or a special character both count.
      expect((await change(s, me.password, 'Abcdefg!')).status).toBe(200);
    });

    it('asks for the current password (401 WRONG_PASSWORD) and changes nothing without it', async () => {
      const me = await f.signUp();
      const res = await change(me.data.session.token, 'Not-The-One-1', 'Brand-New-Pass-2');
      expect(await problemOf(res)).toMatchObject({ status: 401, code: 'WRONG_PASSWORD' });
      expect((await f.login(me.email, me.password)).status).toBe(200);
      expect((await f.login(me.email, 'Brand-New-Pass-2')).status).toBe(401);
    });
  });

  describe('lengths and exactness (reliability A4)', () => {
    it('accepts 64- and 128-character passwords, refuses 129, and never trims or changes case', async () => {
      const p64 = `A1${'x'.repeat(62)}`;
      const p128 = `B2${'y'.repeat(126)}`;
      const me = await f.signUp({ password: p64 });
      expect((await f.login(me.email, p64)).status).toBe(200);
      expect(firstFor(await errorsOf(await register({ password: `${p128}z` })), 'password')).toBe(M.passwordMax);
      expect((await errorsOf(await change(me.data.session.token, p64, `${p128}z`))).map((e) => e.message)).toEqual([M.passwordMax]);
      const changed = await change(me.data.session.token, p64, p128);
      expect(changed.status).toBe(200);
      expect((await f.login(me.email, p128)).status).toBe(200);
      // 128 emoji are 128 characters (256 UTF-16 units): accepted.
      const emoji = `A1${'😀'.repeat(126)}`;
      expect((await change(SignedInSchema.parse(await changed.json()).data.session.token, p128, emoji)).status).toBe(200);
      expect((await f.login(me.email, emoji)).status).toBe(200);

      const spaced = await f.signUp({ password: '  Spaced Out 9  ' });
      expect((await f.login(spaced.email, 'Spaced Out 9')).status).toBe(401);
      expect((await f.login(spaced.email, '  spaced out 9  ')).status).toBe(401);
      expect((await f.login(spaced.email, '  Spaced Out 9  ')).status).toBe(200);
    });
  });

  describe('reset links (reliability A7)', () => {
    const requestReset = (email: string) => f.call('POST', `/user/${encodeURIComponent(email)}/password_reset_request`, { ip: f.ip() });
    const reset = (token: string, password = 'Reset-Pass-7', confirmPassword = password) => f.call('POST', '/user/password_reset', { body: { token, password, confirmPassword } });

    it('answers 202 CHECK_EMAIL, emails a single-use link, does not sign in, and ends every session', async () => {
      const me = await f.signUp();
      const other = SignedInSchema.parse(await (await f.login(me.email, me.password)).json()).data.session.token;
      const res = await requestReset(me.email.toUpperCase());
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ data: { status: 'CHECK_EMAIL' } });
      const token = await f.linkToken(me.email, 'resetPassword');
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Nothing changes until the link is used.
      expect((await f.call('GET', '/session', { session: other })).status).toBe(200);
      // A new password failing the rules is refused and the link stays usable.
      expect((await errorsOf(await reset(token, 'weak'))).map((e) => e.message)).toEqual([M.passwordMin8, M.passwordUppercase, M.passwordNumberOrSpecial]);
      const done = await reset(token);
      expect(done.status).toBe(200);
      expect(await done.json()).toEqual({ data: { status: 'PASSWORD_RESET' } });
      expect(await problemOf(await reset(token, 'Reset-Pass-8'))).toMatchObject({ status: 400, code: 'INVALID_LINK' });
      for (const s of [me.data.session.token, other]) expect((await f.call('GET', '/session', { session: s })).status).toBe(401);
      expect((await f.login(me.email, me.password)).status).toBe(401);
      expect((await f.login(me.email, 'Reset-Pass-7')).status).toBe(200);
      expect((await f.mail(me.email))[0]).toMatchObject({ kind: 'password_changed' });
    });

    it('expires after 30 minutes', async () => {
      const me = await f.signUp();
      await requestReset(me.email);
      const first = await f.linkToken(me.email, 'resetPassword');
      f.clock.advance(RESET_TOKEN_TTL_MS - 1000);
      expect((await reset(first)).status).toBe(200);
      await requestReset(me.email);
      const second = await f.linkToken(me.email, 'resetPassword');
      f.clock.advance(RESET_TOKEN_TTL_MS + 1000);
      expect(await problemOf(await reset(second))).toMatchObject({ status: 400, code: 'INVALID_LINK' });
    });

    it('a newer link voids older ones, and a password change voids every outstanding one', async () => {
      const me = await f.signUp();
      await requestReset(me.email);
      const older = await f.linkToken(me.email, 'resetPassword');
      await requestReset(me.email);
      const newer = await f.linkToken(me.email, 'resetPassword');
      expect(newer).not.toBe(older);
      expect((await reset(older)).status).toBe(400);

      const changed = await change(me.data.session.token, me.password, 'Changed-Pass-3');
      expect(changed.status).toBe(200);
      expect(await problemOf(await reset(newer))).toMatchObject({ status: 400, code: 'INVALID_LINK' });
      expect((await f.login(me.email, 'Changed-Pass-3')).status).toBe(200);
    });

    it('confirmation links stop signing in once one is used, and a reset or password change voids them', async () => {
      const email = f.email();
      const password = 'Correct-Horse-9';
      const body = { requestRegistration: { email, password, firstName: 'Ann', lastName: 'Shopper' } };
      expect((await f.call('POST', '/register', { ip: f.ip(), body })).status).toBe(202);
      const first = await f.linkToken(email, 'confirmEmail');
      // Signing in before confirming sends a fresh link; the first one is still outstanding.
      expect((await f.login(email, password)).status).toBe(403);
      const second = await f.linkToken(email, 'confirmEmail');
      expect(second).not.toBe(first);
      const verify = (token: string) => f.call('POST', '/email/verify', { ip: f.ip(), body: { token } });
      const signedIn = await verify(second);
      expect(signedIn.status).toBe(200);
      const session = SignedInSchema.parse(await signedIn.json()).data.session.token;
      // The password changes (the shopper suspects someone read their mail): the older link must not sign in.
      expect((await change(session, password, 'Changed-Pass-3')).status).toBe(200);
      expect(await problemOf(await verify(first))).toMatchObject({ status: 400, code: 'INVALID_LINK' });

      // Unconfirmed, two links out, then a reset: neither link signs in afterwards.
      const other = f.email();
      expect((await f.call('POST', '/register', { ip: f.ip(), body: { requestRegistration: { ...body.requestRegistration, email: other } } })).status).toBe(202);
      const pending = await f.linkToken(other, 'confirmEmail');
      await requestReset(other);
      expect((await reset(await f.linkToken(other, 'resetPassword'))).status).toBe(200);
      expect(await problemOf(await verify(pending))).toMatchObject({ status: 400, code: 'INVALID_LINK' });
    });

    it('emails nothing for an unknown address, and refuses made-up and malformed links', async () => {
      const nobody = f.email('nobody');
      const res = await requestReset(nobody);
      expect(res.status).toBe(202);
      expect(await f.mail(nobody)).toEqual([]);
      for (const token of ['x', 'A'.repeat(43), 'A'.repeat(44), '../../etc/passwd']) {
        expect(await problemOf(await reset(token)), token).toMatchObject({ status: 400, code: 'INVALID_LINK' });
      }
      expect(firstFor(await errorsOf(await f.call('POST', `/user/${encodeURIComponent('not an email')}/password_reset_request`)), 'email')).toBe(M.email);
    });
  });
});

/**
 * Account journeys through the gateway against the real users service (and the deals and search
 * services) on a fresh database: PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 *
 * Registration and the emailed link, sign-in and its cookies (A1), rotation and invalidation
 * (A2), every mutation's error members in the spec's and the domain's words, the Customer node
 * only ever the viewer's (Z1, Z2), unknown input keys (Z4), CSRF with a session cookie (A9),
 * aliased logins (A5), the lazy session lookup, and the customer token reaching the lists.
 */
import { ACCOUNT_MESSAGES, ERROR_MESSAGES, SESSION_COOKIE, SIGN_IN_THROTTLE } from '@shop/domain';
import { WISHLIST_COOKIE } from '@shop/domain/wishlist';
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, openAccountServices, testClientAddress, type AccountServices } from '../../test/accounts-services.ts';
import { captureLogger, fakeService, TEST_TOKEN } from '../../test/helpers.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import { createGateway, CSRF_HEADER, type Gateway } from '../../yoga.ts';

const PASSWORD = 'Correct-Horse-9';
const VIEWER = `viewer { id email firstName lastName name vipUser vipStatus emailSubscribed socialLogins createdAt
  status { hasAddress DED isFacebook FBO hasPassword isLocked isRegistered isSubscribed tpl } }`;
const ERR = '... on UserError { __typename code message field }';
/** For the unions with RateLimitedError. */
const ERRORS = `${ERR} ... on RateLimitedError { retryAfterSeconds }`;
/** For the unions with FormErrors too. */
const FORM_ERRORS = `${ERRORS} ... on FormErrors { errors { code message field } }`;

const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { __typename ... on RegisterAccepted { message email } ${ERRORS} } }`;
const CONFIRM = `mutation($token: String!) { confirmEmail(input: { token: $token }) { __typename ... on LoginSuccess { ${VIEWER} } ${ERRORS} } }`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { __typename ... on LoginSuccess { viewer { id email } } ${ERRORS} } }`;
const LOGOUT = `mutation($everywhere: Boolean) { logout(input: { everywhere: $everywhere }) { ok } }`;
const WHO = `{ viewer { id email firstName name } }`;
const CHANGE = `mutation($input: ChangePasswordInput!) { changePassword(input: $input) { __typename ... on PasswordChanged { viewer { email } } ${FORM_ERRORS} } }`;

let sequence = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}.${(sequence += 1)}@example.com`;
let ipCounter = 10;
const nextIp = () => `203.0.113.${(ipCounter += 1) % 250}`;

describe.each(testDatabases())('accounts through the gateway on %s', (_name, open) => {
  let services: AccountServices;
  let yoga: Gateway;
  const logger = captureLogger();
  /** Every request the deals service saw (the lists and carry-over tests read it). */
  let dealsRequests: Request[];
  let usersRequests: Request[];
  let searchRequests: Request[];

  const browser = (ip = nextIp()) => new Browser(yoga, 'http://shop.test', ip);

  /** Registers through the gateway and confirms with the emailed link: a signed-in browser. */
  async function signedUp(options: { email?: string; password?: string; firstName?: string; lastName?: string } = {}) {
    const email = options.email ?? uniqueEmail('member');
    const b = browser();
    const registered = await b.gql(REGISTER, {
      input: { email, password: options.password ?? PASSWORD, firstName: options.firstName ?? 'Morag', lastName: options.lastName ?? 'Campbell' },
    });
    expect(registered.body.data?.register.__typename, JSON.stringify(registered.body)).toBe('RegisterAccepted');
    const token = await services.linkToken(email, 'confirmEmail');
    const confirmed = await b.gql(CONFIRM, { token });
    expect(confirmed.body.data?.confirmEmail.__typename, JSON.stringify(confirmed.body)).toBe('LoginSuccess');
    return { browser: b, email, password: options.password ?? PASSWORD, viewer: confirmed.body.data!.confirmEmail.viewer, confirmed };
  }

  beforeAll(async () => {
    services = await openAccountServices(open, { rateLimits: { loginPerEmail: { limit: 12, windowMs: 15 * 60_000 } } });
    const deals = fakeService((r) => services.dealsApp.fetch(r));
    const users = fakeService((r) => services.usersApp.fetch(r));
    // Bodies are read by the service: keep a copy of each request.
    const search = fakeService((r) => services.searchApp.fetch(r.clone()));
    dealsRequests = deals.requests;
    usersRequests = users.requests;
    searchRequests = search.requests;
    yoga = createGateway({
      services: { deals: { app: deals }, search: { app: search }, users: { app: users } },
      serviceToken: TEST_TOKEN,
      logger,
      exposeRestCalls: true,
      clientAddress: testClientAddress,
      publicOrigin: 'http://shop.test',
    });
  });
  afterAll(() => services?.close());

  describe('registration, the emailed link and the viewer', () => {
    it('register answers RegisterAccepted; the confirmation link signs in and viewer is the new customer', async () => {
      const email = uniqueEmail('Mixed.Case');
      const b = browser();
      const res = await b.gql(REGISTER, { input: { email: `  ${email.toUpperCase()} `, password: PASSWORD, firstName: ' Morag ', lastName: 'Campbell', subscribe: null } });
      expect(res.body.data.register).toEqual({ __typename: 'RegisterAccepted', message: expect.stringContaining('Check your email'), email: email.toLowerCase() });
      // Not signed in yet.
      expect(b.cookie(SESSION_COOKIE)).toBeUndefined();
      expect((await b.gql(WHO)).body.data.viewer).toBeNull();

      const token = await services.linkToken(email.toLowerCase(), 'confirmEmail');
      const confirmed = await b.gql(CONFIRM, { token });
      const viewer = confirmed.body.data.confirmEmail.viewer;
      expect(viewer).toMatchObject({
        email: email.toLowerCase(),
        firstName: 'Morag',
        lastName: 'Campbell',
        name: 'Morag',
        vipUser: false,
        vipStatus: expect.any(String),
        socialLogins: [],
        status: { DED: true, hasPassword: true, isRegistered: true, isLocked: false },
      });
      expect(b.cookie(SESSION_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await b.gql(WHO)).body.data.viewer).toMatchObject({ id: viewer.id, email: email.toLowerCase(), name: 'Morag' });
      // The link is single use.
      const again = await browser().gql(CONFIRM, { token });
      expect(again.body.data.confirmEmail).toEqual({ __typename: 'LoginFailedError', code: 'INVALID_LINK', message: ERROR_MESSAGES.INVALID_LINK, field: 'token' });
    });

    it('registering an address that already has an account gives the same answer (no enumeration)', async () => {
      const { email } = await signedUp();
      const res = await browser().gql(REGISTER, { input: { email, password: PASSWORD, firstName: 'Other', lastName: 'Person' } });
      expect(res.body.data.register).toEqual({ __typename: 'RegisterAccepted', message: expect.stringContaining('Check your email'), email });
    });

    it.each([
      [{ email: 'not-an-email' }, 'email', ACCOUNT_MESSAGES.email],
      [{ password: 'short' }, 'password', ACCOUNT_MESSAGES.passwordMin6],
      [{ password: 'x'.repeat(129) }, 'password', ACCOUNT_MESSAGES.passwordMax],
      [{ firstName: '  ' }, 'firstName', ACCOUNT_MESSAGES.required],
      [{ lastName: 'a\u202Eb' }, 'lastName', ACCOUNT_MESSAGES.nameInvalid],
    ])('register %j is a ValidationError on %s, before any call', async (change, field, message) => {
      const before = usersRequests.length;
      const res = await browser().gql(REGISTER, { input: { email: uniqueEmail('v'), password: PASSWORD, firstName: 'A', lastName: 'B', ...change } });
      expect(res.body.data.register).toEqual({ __typename: 'ValidationError', code: 'VALIDATION_FAILED', field, message });
      expect(usersRequests.length).toBe(before);
    });

    it('expressRegister sends a set-your-password link; activatePassword sets it and the customer can sign in', async () => {
      const email = uniqueEmail('express');
      const b = browser();
      const res = await b.gql(`mutation($input: ExpressRegisterInput!) { expressRegister(input: $input) { __typename ... on RegisterAccepted { email } ${ERRORS} } }`, {
        input: { email, firstName: 'Eilidh' },
      });
      expect(res.body.data.expressRegister).toEqual({ __typename: 'RegisterAccepted', email });
      const bad = await b.gql(`mutation($input: ExpressRegisterInput!) { expressRegister(input: $input) { __typename ${ERRORS} } }`, { input: { email: 'x@' } });
      expect(bad.body.data.expressRegister).toEqual({ __typename: 'ValidationError', code: 'VALIDATION_FAILED', field: 'email', message: ACCOUNT_MESSAGES.email });
      const token = await services.linkToken(email, 'activateAccount');
      const ACTIVATE = `mutation($input: ResetPasswordInput!) { activatePassword(input: $input) { __typename ... on PasswordReset { message } ${ERRORS} } }`;
      const weak = await b.gql(ACTIVATE, { input: { token, password: 'alllowercase', confirmPassword: 'alllowercase' } });
      expect(weak.body.data.activatePassword).toEqual({ __typename: 'ValidationError', code: 'VALIDATION_FAILED', field: 'password', message: ACCOUNT_MESSAGES.passwordUppercase });
      const done = await b.gql(ACTIVATE, { input: { token, password: PASSWORD, confirmPassword: PASSWORD } });
      expect(done.body.data.activatePassword).toEqual({ __typename: 'PasswordReset', message: expect.stringContaining('password') });
      // Does not sign in.
      expect(b.cookie(SESSION_COOKIE)).toBeUndefined();
      const login = await b.gql(LOGIN, { input: { email, password: PASSWORD } });
      expect(login.body.data.login.__typename).toBe('LoginSuccess');
    });
  });

  describe('login and its cookies (A1)', () => {
    it('sets __Host-sid HttpOnly; Secure; SameSite=Lax; Path=/; no Domain; a session cookie without remember me', async () => {
      const { email } = await signedUp();
      const b = browser();
      const res = await b.gql(LOGIN, { input: { email, password: PASSWORD } });
      expect(res.body.data.login).toMatchObject({ __typename: 'LoginSuccess', viewer: { email } });
      const sid = res.setCookies.find((c) => c.name === SESSION_COOKIE)!;
      expect(sid.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(sid.attributes).toEqual({ path: '/', httponly: true, secure: true, samesite: 'Lax' });
      expect(res.headers.get('cache-control')).toBe('no-store');
      const status = res.setCookies.find((c) => c.name === 'user_status')!;
      expect(status.value.split('.')).toEqual(expect.arrayContaining(['DED', 'hasPassword', 'isRegistered']));
      expect(status.attributes.httponly).toBeUndefined();
      expect(status.attributes['max-age']).toBeUndefined();
      // No marketing consent: no brand cookie.
      expect(res.setCookies.find((c) => c.name === 'brand')).toBeUndefined();
    });

    it('remember me: Max-Age runs to the absolute expiry (30 days); with marketing consent the brand becomes registered_user', async () => {
      const { email } = await signedUp();
      const b = browser().setCookie('td_consent', 'none').setCookie('brand', 'email');
      const res = await b.gql(LOGIN, { input: { email, password: PASSWORD, rememberMe: true } });
      const sid = res.setCookies.find((c) => c.name === SESSION_COOKIE)!;
      const maxAge = Number(sid.attributes['max-age']);
      expect(maxAge).toBeGreaterThan(30 * 86_400 - 120);
      expect(maxAge).toBeLessThanOrEqual(30 * 86_400);
      expect(res.setCookies.find((c) => c.name === 'user_status')!.attributes['max-age']).toBe(String(maxAge));
      const brand = res.setCookies.find((c) => c.name === 'brand')!;
      expect(brand).toMatchObject({ value: 'registered_user', attributes: { 'max-age': String(365 * 86_400), samesite: 'Lax' } });
    });

    it('each login issues a distinct 43-character base64url token (256 random bits)', async () => {
      const { email } = await signedUp();
      const tokens = new Set<string>();
      for (let i = 0; i < 3; i += 1) tokens.add((await browser().gql(LOGIN, { input: { email, password: PASSWORD } })).setCookies.find((c) => c.name === SESSION_COOKIE)!.value);
      expect(tokens.size).toBe(3);
    });

    it.each([
      ['a wrong password', (email: string) => ({ email, password: 'Wrong-Password-1' })],
      ['an unknown email', () => ({ email: uniqueEmail('nobody'), password: PASSWORD })],
    ])('%s is LoginFailedError INVALID_CREDENTIALS with the same words, and no cookie', async (_label, input) => {
      const { email } = await signedUp();
      const b = browser();
      const res = await b.gql(LOGIN, { input: input(email) });
      expect(res.body.data.login).toEqual({ __typename: 'LoginFailedError', code: 'INVALID_CREDENTIALS', message: ERROR_MESSAGES.INVALID_CREDENTIALS, field: null });
      expect(res.setCookies).toEqual([]);
    });

    it.each([
      [{ email: 'nope' }, 'email', ACCOUNT_MESSAGES.email],
      [{ password: '12345' }, 'password', ACCOUNT_MESSAGES.passwordMin6],
      [{ recentlyViewedDealIds: Array.from({ length: 21 }, (_, i) => i + 1) }, 'recentlyViewedDealIds', 'At most 20 recently viewed deals.'],
      [{ recentlyViewedDealIds: [0] }, 'recentlyViewedDealIds', expect.any(String)],
    ])('login %j is a ValidationError on %s, before any call', async (change, field, message) => {
      const before = usersRequests.length;
      const res = await browser().gql(LOGIN, { input: { email: 'someone@example.com', password: PASSWORD, ...change } });
      expect(res.body.data.login).toEqual({ __typename: 'ValidationError', code: 'VALIDATION_FAILED', field, message });
      expect(usersRequests.length).toBe(before);
    });

    it('an unconfirmed account with the right password is LoginFailedError EMAIL_NOT_CONFIRMED', async () => {
      const email = uniqueEmail('unconfirmed');
      const b = browser();
      await b.gql(REGISTER, { input: { email, password: PASSWORD, firstName: 'Una', lastName: 'Confirmed' } });
      // The account is written after the answer (no timing oracle): wait for its email.
      await services.mail(email);
      const res = await b.gql(LOGIN, { input: { email, password: PASSWORD } });
      expect(res.body.data.login).toEqual({ __typename: 'LoginFailedError', code: 'EMAIL_NOT_CONFIRMED', message: ERROR_MESSAGES.EMAIL_NOT_CONFIRMED, field: null });
    });

    it('issue 14 #5: failures are throttled, never locked, with the same answers for a registered and an unknown email (RateLimitedError SIGN_IN_THROTTLED)', async () => {
      const { email } = await signedUp();
      const unknown = `nobody.${Date.now().toString(36)}@example.com`;
      for (let i = 0; i <= SIGN_IN_THROTTLE.email.free; i += 1) {
        const [a, b] = [await browser(nextIp()).gql(LOGIN, { input: { email, password: `Wrong-Password-${i}` } }), await browser(nextIp()).gql(LOGIN, { input: { email: unknown, password: `Wrong-Password-${i}` } })];
        expect(b.body.data.login, `attempt ${i + 1}`).toEqual(a.body.data.login);
        if (i < SIGN_IN_THROTTLE.email.free) expect(a.body.data.login.code).toBe('INVALID_CREDENTIALS');
      }
      const throttled = await browser(nextIp()).gql(LOGIN, { input: { email, password: PASSWORD } });
      expect(throttled.body.data.login).toMatchObject({ __typename: 'RateLimitedError', code: 'SIGN_IN_THROTTLED', message: ERROR_MESSAGES.SIGN_IN_THROTTLED, field: null });
      expect(throttled.body.data.login.retryAfterSeconds).toBeGreaterThan(0);
      expect(throttled.setCookies).toEqual([]);
    });
  });

  describe('rotation and invalidation (A2)', () => {
    it('a session token the browser had before login is ended and replaced (fixation)', async () => {
      const { email } = await signedUp();
      // The attacker's own valid session, planted in the victim's browser.
      const attacker = await signedUp();
      const planted = attacker.browser.cookie(SESSION_COOKIE)!;
      const victim = browser().setCookie(SESSION_COOKIE, planted);
      const res = await victim.gql(LOGIN, { input: { email, password: PASSWORD } });
      expect(res.body.data.login.viewer.email).toBe(email);
      const fresh = victim.cookie(SESSION_COOKIE)!;
      expect(fresh).not.toBe(planted);
      // The planted token is dead for everyone now.
      expect((await attacker.browser.gql(WHO)).body.data.viewer).toBeNull();
      expect((await victim.gql(WHO)).body.data.viewer.email).toBe(email);
    });

    it('logout ends the session on the server: replaying the old cookie is a guest, and the cookie is cleared', async () => {
      const { browser: b } = await signedUp();
      const token = b.cookie(SESSION_COOKIE)!;
      const res = await b.gql(LOGOUT);
      expect(res.body.data.logout).toEqual({ ok: true });
      expect(res.setCookies.map((c) => [c.name, c.attributes['max-age']])).toEqual(
        expect.arrayContaining([
          [SESSION_COOKIE, '0'],
          ['user_status', '0'],
        ]),
      );
      const replay = browser().setCookie(SESSION_COOKIE, token);
      const who = await replay.gql(WHO);
      expect(who.body.data.viewer).toBeNull();
      // The dead cookie is cleared in that response too.
      expect(who.setCookies.find((c) => c.name === SESSION_COOKIE)?.attributes['max-age']).toBe('0');
      // Logging out again (no session) is fine.
      expect((await browser().gql(LOGOUT)).body.data.logout).toEqual({ ok: true });
    });

    it('logout everywhere ends the sessions of other devices', async () => {
      const { browser: first, email } = await signedUp();
      const second = browser();
      await second.gql(LOGIN, { input: { email, password: PASSWORD } });
      expect((await second.gql(WHO)).body.data.viewer.email).toBe(email);
      await first.gql(LOGOUT, { everywhere: true });
      expect((await second.gql(WHO)).body.data.viewer).toBeNull();
    });

    it('a password change rotates: new cookie works, the old one and other devices are dead', async () => {
      const { browser: b, email } = await signedUp();
      const other = browser();
      await other.gql(LOGIN, { input: { email, password: PASSWORD } });
      const old = b.cookie(SESSION_COOKIE)!;
      const newPassword = 'Another-Secret-7';
      const res = await b.gql(CHANGE, { input: { currentPassword: PASSWORD, newPassword, confirmPassword: newPassword } });
      expect(res.body.data.changePassword).toEqual({ __typename: 'PasswordChanged', viewer: { email } });
      expect(b.cookie(SESSION_COOKIE)).not.toBe(old);
      expect((await b.gql(WHO)).body.data.viewer.email).toBe(email);
      expect((await browser().setCookie(SESSION_COOKIE, old).gql(WHO)).body.data.viewer).toBeNull();
      expect((await other.gql(WHO)).body.data.viewer).toBeNull();
      expect((await browser().gql(LOGIN, { input: { email, password: newPassword } })).body.data.login.__typename).toBe('LoginSuccess');
    });

    it('a password reset ends every session and does not sign in; the link is single use', async () => {
      const { browser: b, email } = await signedUp();
      const RESET_REQUEST = `mutation($email: String!) { requestPasswordReset(input: { email: $email }) { __typename ... on PasswordResetRequested { message } ${ERRORS} } }`;
      const RESET = `mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { __typename ... on PasswordReset { message } ${ERRORS} } }`;
      const asked = await browser().gql(RESET_REQUEST, { email });
      const unknown = await browser().gql(RESET_REQUEST, { email: uniqueEmail('nobody') });
      expect(asked.body.data.requestPasswordReset).toEqual({ __typename: 'PasswordResetRequested', message: expect.any(String) });
      expect(unknown.body.data).toEqual(asked.body.data);
      const token = await services.linkToken(email, 'resetPassword');
      const reset = browser();
      const mismatch = await reset.gql(RESET, { input: { token, password: 'New-Secret-8', confirmPassword: 'New-Secret-9' } });
      expect(mismatch.body.data.resetPassword).toEqual({ __typename: 'ValidationError', code: 'VALIDATION_FAILED', field: 'confirmPassword', message: ACCOUNT_MESSAGES.passwordsMatch });
      const done = await reset.gql(RESET, { input: { token, password: 'New-Secret-8', confirmPassword: 'New-Secret-8' } });
      expect(done.body.data.resetPassword).toEqual({ __typename: 'PasswordReset', message: expect.any(String) });
      expect(done.setCookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
      expect((await b.gql(WHO)).body.data.viewer).toBeNull();
      const reused = await reset.gql(RESET, { input: { token, password: 'New-Secret-9', confirmPassword: 'New-Secret-9' } });
      expect(reused.body.data.resetPassword).toEqual({ __typename: 'InvalidLinkError', code: 'INVALID_LINK', message: ERROR_MESSAGES.INVALID_LINK, field: 'token' });
      const invalid = await reset.gql(RESET, { input: { token: 'x'.repeat(43), password: 'New-Secret-9', confirmPassword: 'New-Secret-9' } });
      expect(invalid.body.data.resetPassword.__typename).toBe('InvalidLinkError');
      const badEmail = await browser().gql(RESET_REQUEST, { email: 'not an email' });
      expect(badEmail.body.data.requestPasswordReset).toEqual({ __typename: 'ValidationError', code: 'VALIDATION_FAILED', field: 'email', message: ACCOUNT_MESSAGES.email });
    });
  });

  describe('the signed-in customer’s own details', () => {
    it('changePassword lists every failing rule (FormErrors), a wrong current password is WRONG_PASSWORD, no session is UnauthenticatedError', async () => {
      const { browser: b } = await signedUp();
      const weak = await b.gql(CHANGE, { input: { currentPassword: PASSWORD, newPassword: 'abc', confirmPassword: 'abd' } });
      expect(weak.body.data.changePassword).toMatchObject({ __typename: 'FormErrors', code: 'VALIDATION_FAILED', message: ERROR_MESSAGES.VALIDATION_FAILED, field: 'newPassword' });
      expect(weak.body.data.changePassword.errors).toEqual([
        { code: 'VALIDATION_FAILED', field: 'newPassword', message: ACCOUNT_MESSAGES.passwordMin8 },
        { code: 'VALIDATION_FAILED', field: 'newPassword', message: ACCOUNT_MESSAGES.passwordUppercase },
        { code: 'VALIDATION_FAILED', field: 'newPassword', message: ACCOUNT_MESSAGES.passwordNumberOrSpecial },
        { code: 'VALIDATION_FAILED', field: 'confirmPassword', message: ACCOUNT_MESSAGES.passwordsMatch },
      ]);
      const wrong = await b.gql(CHANGE, { input: { currentPassword: 'Not-The-One-1', newPassword: 'Brand-New-22', confirmPassword: 'Brand-New-22' } });
      expect(wrong.body.data.changePassword).toEqual({
        __typename: 'FormErrors',
        code: 'WRONG_PASSWORD',
        message: ERROR_MESSAGES.WRONG_PASSWORD,
        field: 'currentPassword',
        errors: [{ code: 'WRONG_PASSWORD', field: 'currentPassword', message: ERROR_MESSAGES.WRONG_PASSWORD }],
      });
      // The session survives a wrong current password.
      expect((await b.gql(WHO)).body.data.viewer).not.toBeNull();
      const guest = await browser().gql(CHANGE, { input: { currentPassword: PASSWORD, newPassword: 'Brand-New-22', confirmPassword: 'Brand-New-22' } });
      expect(guest.body.data.changePassword).toEqual({ __typename: 'UnauthenticatedError', code: 'UNAUTHENTICATED', message: ERROR_MESSAGES.UNAUTHENTICATED, field: null });
      const dead = await browser().setCookie(SESSION_COOKIE, 'A'.repeat(43)).gql(CHANGE, { input: { currentPassword: PASSWORD, newPassword: 'Brand-New-22', confirmPassword: 'Brand-New-22' } });
      expect(dead.body.data.changePassword.__typename).toBe('UnauthenticatedError');
      expect(dead.setCookies.find((c) => c.name === SESSION_COOKIE)?.attributes['max-age']).toBe('0');
    });

    it('updateProfile changes the names; bad names are FormErrors; a guest is UnauthenticatedError', async () => {
      const { browser: b } = await signedUp();
      const UPDATE = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { __typename ... on ProfileUpdated { viewer { firstName lastName name } } ${ERR} ... on FormErrors { errors { code message field } } } }`;
      const ok = await b.gql(UPDATE, { input: { firstName: 'Ishbel', lastName: 'MacLeod' } });
      expect(ok.body.data.updateProfile).toEqual({ __typename: 'ProfileUpdated', viewer: { firstName: 'Ishbel', lastName: 'MacLeod', name: 'Ishbel' } });
      expect((await b.gql(WHO)).body.data.viewer.firstName).toBe('Ishbel');
      const bad = await b.gql(UPDATE, { input: { firstName: '', lastName: 'x'.repeat(51) } });
      expect(bad.body.data.updateProfile.errors).toEqual([
        { code: 'VALIDATION_FAILED', field: 'firstName', message: ACCOUNT_MESSAGES.required },
        { code: 'VALIDATION_FAILED', field: 'lastName', message: ACCOUNT_MESSAGES.nameTooLong },
      ]);
      expect((await browser().gql(UPDATE, { input: { firstName: 'A', lastName: 'B' } })).body.data.updateProfile.__typename).toBe('UnauthenticatedError');
    });

    it('deleteAccount needs the password, erases, ends the sessions and clears the cookies (brand too)', async () => {
      const { browser: b, email } = await signedUp();
      b.setCookie('brand', 'registered_user');
      const token = b.cookie(SESSION_COOKIE)!;
      const DELETE = `mutation($password: String) { deleteAccount(input: { password: $password }) { __typename ... on AccountDeleted { message } ${FORM_ERRORS} } }`;
      const wrong = await b.gql(DELETE, { password: 'Not-The-One-1' });
      expect(wrong.body.data.deleteAccount).toMatchObject({ __typename: 'FormErrors', code: 'WRONG_PASSWORD', field: 'password', message: ERROR_MESSAGES.WRONG_PASSWORD });
      const done = await b.gql(DELETE, { password: PASSWORD });
      expect(done.body.data.deleteAccount).toEqual({ __typename: 'AccountDeleted', message: expect.any(String) });
      expect(done.setCookies.filter((c) => c.attributes['max-age'] === '0').map((c) => c.name).sort()).toEqual([SESSION_COOKIE, 'brand', 'user_status', WISHLIST_COOKIE].sort());
      expect((await browser().setCookie(SESSION_COOKIE, token).gql(WHO)).body.data.viewer).toBeNull();
      expect((await browser().gql(LOGIN, { input: { email, password: PASSWORD } })).body.data.login.__typename).toBe('LoginFailedError');
      expect((await browser().gql(DELETE, {})).body.data.deleteAccount.__typename).toBe('UnauthenticatedError');
    });
  });

  describe('email subscriptions and preferences', () => {
    const SUBSCRIBE = `mutation($email: String!) { subscribeEmail(input: { email: $email, source: POPUP }) { __typename ... on SubscriptionRequested { message email } ${ERRORS} } }`;
    const PREFS = 'email subscribed confirmed topics frequency';

    it('subscribe → the emailed link confirms (brand subscribed) → preferences read, saved and unsubscribed by the signed link', async () => {
      const email = uniqueEmail('news');
      const b = browser().setCookie('td_consent', 'none');
      const asked = await b.gql(SUBSCRIBE, { email });
      expect(asked.body.data.subscribeEmail).toEqual({ __typename: 'SubscriptionRequested', message: expect.any(String), email });
      const bad = await b.gql(SUBSCRIBE, { email: 'nope@' });
      expect(bad.body.data.subscribeEmail).toEqual({ __typename: 'ValidationError', code: 'VALIDATION_FAILED', field: 'email', message: ACCOUNT_MESSAGES.subscribeEmail });

      const token = await services.linkToken(email, 'confirmSubscription');
      const confirmed = await b.gql(`mutation($token: String!) { confirmSubscription(input: { token: $token }) { __typename ... on EmailPreferences { ${PREFS} preferencesToken } ${ERR} } }`, { token });
      expect(confirmed.body.data.confirmSubscription).toMatchObject({ __typename: 'EmailPreferences', email, subscribed: true, confirmed: true });
      expect(confirmed.setCookies.find((c) => c.name === 'brand')?.value).toBe('subscribed');

      // The preferences page's token: from the confirmation, and in the mail a second subscription sends.
      const prefsToken = confirmed.body.data.confirmSubscription.preferencesToken as string;
      await b.gql(SUBSCRIBE, { email });
      expect(await services.linkToken(email, 'emailPreferences')).toBe(prefsToken);
      const read = await browser().gql(`query($token: String!) { emailPreferences(token: $token) { __typename ... on EmailPreferences { ${PREFS} } ${ERR} } }`, { token: prefsToken });
      expect(read.body.data.emailPreferences).toMatchObject({ __typename: 'EmailPreferences', email, subscribed: true });
      const saved = await browser().gql(
        `mutation($input: UpdateEmailPreferencesInput!) { updateEmailPreferences(input: $input) { __typename ... on EmailPreferences { ${PREFS} } ${ERR} } }`,
        { input: { token: prefsToken, topics: ['TRAVEL', 'LOCAL_DEALS'], frequency: 'WEEKLY' } },
      );
      expect(saved.body.data.updateEmailPreferences).toMatchObject({ topics: expect.arrayContaining(['TRAVEL', 'LOCAL_DEALS']), frequency: 'WEEKLY' });
      const gone = await browser().gql(`mutation($token: String!) { unsubscribeEmail(input: { token: $token }) { __typename ... on EmailPreferences { ${PREFS} } ${ERR} } }`, { token: prefsToken });
      expect(gone.body.data.unsubscribeEmail).toMatchObject({ __typename: 'EmailPreferences', subscribed: false });

      const forged = await browser().gql(`query($token: String!) { emailPreferences(token: $token) { __typename ${ERR} } }`, { token: `${prefsToken}x` });
      expect(forged.body.data.emailPreferences).toEqual({ __typename: 'InvalidLinkError', code: 'INVALID_LINK', message: ERROR_MESSAGES.INVALID_LINK, field: 'token' });
      const used = await browser().gql(`mutation($token: String!) { confirmSubscription(input: { token: $token }) { __typename ${ERR} } }`, { token });
      expect(used.body.data.confirmSubscription.__typename).toBe('InvalidLinkError');
    });

    it('the account page subscribes with source ACCOUNT; then viewer.preferencesToken is the signed token of its own preferences page', async () => {
      const me = await signedUp();
      const TOKEN = '{ viewer { email emailSubscribed preferencesToken } }';
      expect((await me.browser.gql(TOKEN)).body.data.viewer).toEqual({ email: me.email, emailSubscribed: false, preferencesToken: null });
      const asked = await me.browser.gql(
        `mutation($email: String!) { subscribeEmail(input: { email: $email, source: ACCOUNT }) { __typename ... on SubscriptionRequested { email } ${ERRORS} } }`,
        { email: me.email },
      );
      expect(asked.body.data.subscribeEmail).toEqual({ __typename: 'SubscriptionRequested', email: me.email });
      await services.usersApp.settled();
      const confirm = await browser().gql(`mutation($token: String!) { confirmSubscription(input: { token: $token }) { __typename ... on EmailPreferences { preferencesToken } } }`, {
        token: await services.linkToken(me.email, 'confirmSubscription'),
      });
      const viewer = (await me.browser.gql(TOKEN)).body.data.viewer;
      expect(viewer).toMatchObject({ email: me.email, emailSubscribed: true });
      expect(viewer.preferencesToken).toBe(confirm.body.data.confirmSubscription.preferencesToken);
      const read = await browser().gql(`query($token: String!) { emailPreferences(token: $token) { __typename ... on EmailPreferences { email subscribed } } }`, { token: viewer.preferencesToken });
      expect(read.body.data.emailPreferences).toEqual({ __typename: 'EmailPreferences', email: me.email, subscribed: true });
      // A guest has no viewer, so no token; another customer sees only their own (none).
      expect((await browser().gql(TOKEN)).body.data.viewer).toBeNull();
      expect((await (await signedUp()).browser.gql(TOKEN)).body.data.viewer.preferencesToken).toBeNull();
    });
  });

  describe('the Customer node is only ever the viewer (Z1, Z2)', () => {
    const NODE = `query($id: ID!) { node(id: $id) { __typename id ... on Customer { email } } }`;
    const NODES = `query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`;

    it("another customer's id, a random id and a forged type answer the same null; your own id answers you", async () => {
      const a = await signedUp();
      const b = await signedUp();
      const aId = a.viewer.id as string;
      const aKey = Buffer.from(aId, 'base64').toString('utf8').split(':')[1]!;
      expect((await a.browser.gql(NODE, { id: aId })).body).toEqual({ data: { node: { __typename: 'Customer', id: aId, email: a.email } } });

      const ids = [aId, toGlobalId('Customer', 987_654_321), Buffer.from(`User:${aKey}`).toString('base64'), Buffer.from(`Customer:${aKey}x`).toString('base64'), `${aId}=`, 'Q3VzdG9tZXI6LTE='];
      const answers = [];
      for (const id of ids) answers.push(JSON.stringify((await b.browser.gql(NODE, { id })).body));
      expect(new Set(answers)).toEqual(new Set([JSON.stringify({ data: { node: null } })]));
      const guest = await browser().gql(NODE, { id: aId });
      expect(guest.body).toEqual({ data: { node: null } });
      expect((await b.browser.gql(NODES, { ids })).body).toEqual({ data: { nodes: ids.map(() => null) } });
    });
  });

  describe('hostile requests', () => {
    it('unknown input keys are refused before anything runs (Z4)', async () => {
      const { browser: b } = await signedUp();
      const before = usersRequests.length;
      const res = await b.gql(`mutation { updateProfile(input: { firstName: "A", lastName: "B", customerToken: "x", vipUser: true }) { __typename } }`);
      expect(res.status).toBe(400);
      expect(res.body.errors?.map((e) => e.message).join(' ')).toMatch(/customerToken/);
      const viaVariables = await b.gql(`mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { __typename } }`, { input: { firstName: 'A', lastName: 'B', email: 'evil@example.com' } });
      expect(viaVariables.body.errors?.[0]?.message).toMatch(/email/);
      expect(usersRequests.length).toBe(before);
    });

    it('CSRF with a session cookie: text/plain and form posts are 403, a mutation over GET is refused, cross-site is 403 (A9)', async () => {
      const { browser: b } = await signedUp();
      const body = JSON.stringify({ query: 'mutation { logout { ok } }' });
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await b.fetch('/graphql', { method: 'POST', headers: { 'content-type': type }, body });
        expect(res.status, type).toBe(403);
        expect(await res.text()).toContain('Required CSRF header(s) not present');
      }
      const get = await b.fetch(`/graphql?query=${encodeURIComponent('mutation { logout { ok } }')}`, { headers: { [CSRF_HEADER]: '1', accept: 'application/json' } });
      expect(get.status).toBe(405);
      const crossSite = await b.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }, body });
      expect(crossSite.status).toBe(403);
      // CORS never reflects another origin with credentials.
      const preflight = await b.fetch('/graphql', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
      // Still signed in: none of them logged out.
      expect((await b.gql(WHO)).body.data.viewer).not.toBeNull();
    });

    it('a browser that sends no Sec-Fetch-Site: a mutation from another Origin is 403; from the public origin, or with no Origin, it runs (issue 14 §12)', async () => {
      const { browser: b } = await signedUp();
      const body = JSON.stringify({ query: 'mutation { logout { ok } }' });
      for (const origin of ['https://evil.example', 'http://shop.test.evil.example', 'https://shop.test', 'http://shop.test:8080', 'null']) {
        const res = await b.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body });
        expect(res.status, origin).toBe(403);
        expect(await res.text(), origin).toContain('Cross-site requests are not allowed.');
        expect((await b.gql(WHO)).body.data.viewer, origin).not.toBeNull();
      }
      // The shop's own pages (no Sec-Fetch-Site from an older browser) and non-browser clients (no Origin) are served.
      expect((await b.gql(WHO, {}, { origin: 'http://shop.test' })).body.data.viewer).not.toBeNull();
      const same = await b.fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://shop.test' }, body });
      expect(same.status).toBe(200);
      expect((await b.gql(WHO)).body.data.viewer).toBeNull();
    });

    it('50 aliased logins in one document are refused before any call; so are two (A5)', async () => {
      const { email } = await signedUp();
      const before = usersRequests.length;
      const aliases = Array.from({ length: 50 }, (_, i) => `a${i}: login(input: { email: "${email}", password: "Guess-${i}-Pass" }) { __typename }`).join('\n');
      const fifty = await browser().gql(`mutation { ${aliases} }`);
      expect(fifty.body.data).toBeUndefined();
      expect(fifty.body.errors?.length).toBeGreaterThan(0);
      const two = await browser().gql(`mutation { a: login(input: { email: "${email}", password: "Guess-1-Pass" }) { __typename } ...F } fragment F on Mutation { b: login(input: { email: "${email}", password: "Guess-2-Pass" }) { __typename } }`);
      expect(two.body.errors?.[0]?.message).toMatch(/Only one account mutation/);
      const withReset = await browser().gql(`mutation { a: login(input: { email: "${email}", password: "Guess-1-Pass" }) { __typename } b: requestPasswordReset(input: { email: "${email}" }) { __typename } }`);
      expect(withReset.body.errors?.[0]?.message).toMatch(/Only one account mutation/);
      expect(usersRequests.length).toBe(before);
    });
  });

  describe('the session lookup', () => {
    it('is lazy: a request that needs no session makes no users call, even with a cookie', async () => {
      const { browser: b } = await signedUp();
      const before = usersRequests.length;
      const res = await b.gql('{ locations { slug } }');
      expect(res.body.errors).toBeUndefined();
      expect(usersRequests.length).toBe(before);
    });

    it('is made once per request however many fields need it; the customer token reaches the lists', async () => {
      const { browser: b } = await signedUp();
      const usersBefore = usersRequests.length;
      const dealsBefore = dealsRequests.length;
      const res = await b.gql(`{ viewer { email } again: viewer { id } recommendedDeals(location: "glasgow", first: 3) { totalCount } buyAgainDeals(first: 3) { totalCount } }`);
      expect(res.body.errors).toBeUndefined();
      const usersCalls = usersRequests.slice(usersBefore).map((r) => `${r.method} ${new URL(r.url).pathname}`);
      expect(usersCalls).toEqual(['GET /session']);
      const dealsCalls = dealsRequests.slice(dealsBefore).map((r) => new URL(r.url).pathname);
      expect(dealsCalls.some((p) => p.startsWith('/recommendations/ct/'))).toBe(true);
      expect(dealsCalls).toContain('/buy-again/deals');
      // A guest: the guest route, and no buy-again call.
      const guestBefore = dealsRequests.length;
      await browser().gql(`{ recommendedDeals(location: "glasgow", first: 3) { totalCount } buyAgainDeals(first: 3) { totalCount } }`);
      const guestCalls = dealsRequests.slice(guestBefore).map((r) => new URL(r.url).pathname);
      expect(guestCalls.some((p) => p.startsWith('/recommendations/location/'))).toBe(true);
      expect(guestCalls).not.toContain('/buy-again/deals');
    });

    it('the sponsored session is tied to the signed-in customer; a guest sends no customer token', async () => {
      const { browser: b } = await signedUp();
      const SPONSORED = 'mutation { sponsoredSession(input: {}) { __typename ... on SponsoredSession { sessionId } } }';
      const customerToken = async (who: Browser) => {
        const before = searchRequests.length;
        const res = await who.gql(SPONSORED);
        expect(res.body.data.sponsoredSession.__typename).toBe('SponsoredSession');
        const request = searchRequests.slice(before).find((r) => new URL(r.url).pathname.includes('sponsored'))!;
        return ((await request.json()) as { customerToken?: string }).customerToken;
      };
      expect(await customerToken(b)).toMatch(/^.{10,}$/);
      expect(await customerToken(browser())).toBeUndefined();
    });

    it('sends the client address and the session token to the users service, and nothing the shopper sent', async () => {
      const { browser: b } = await signedUp();
      const before = usersRequests.length;
      await b.gql(WHO, {}, { 'x-session-token': 'forged', 'x-client-ip': '10.0.0.1', 'x-forwarded-for': '10.0.0.2' });
      const [request] = usersRequests.slice(before);
      expect(request!.headers.get('x-session-token')).toBe(b.cookie(SESSION_COOKIE));
      expect(request!.headers.get('x-client-ip')).toBe(b.ip);
      expect(request!.headers.get('x-forwarded-for')).toBeNull();
    });

    it('a cookie that is not shaped like a token is cleared without a call', async () => {
      const before = usersRequests.length;
      const res = await browser().setCookie(SESSION_COOKIE, 'not a token!').gql(WHO);
      expect(res.body.data.viewer).toBeNull();
      expect(res.setCookies.find((c) => c.name === SESSION_COOKIE)?.attributes['max-age']).toBe('0');
      expect(usersRequests.length).toBe(before);
    });
  });
});

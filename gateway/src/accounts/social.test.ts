/**
 * Social sign-in through the shop (accounts/social.ts) against real identity providers: two
 * local oidc-provider instances on 127.0.0.1 playing Google and Facebook (gateway/test/local-idp.ts),
 * and the real users, deals and search services (PGlite, and PostgreSQL with TEST_DATABASE_URL).
 *
 * Success (register creates, login finds; the session cookies; the spec §4 redirect order),
 * rotation of a session the browser had, missing and mismatched state, a replayed code, a
 * forged nonce, email_verified=false, an unknown identity on login (EMAIL_NOT_REGISTERED),
 * linking to a classic account with the same verified email, and Facebook.
 */
import { SESSION_COOKIE } from '@shop/domain/accounts';
import { POST_LOGIN_URL_COOKIE } from '@shop/domain/layouts';
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalIdp, type LocalIdp } from '../../test/local-idp.ts';
import { createShopApp } from '../server.ts';
import { Browser, openAccountServices, PUBLIC_BASE_URL, type AccountServices } from '../test/accounts-services.ts';
import { captureLogger, TEST_TOKEN } from '../test/helpers.ts';
import { decodeFlowState, encodeFlowState, isLoopbackHttp, OAUTH_COOKIE, oauthCookieKey, socialProvidersFromEnv } from './social.ts';

const CLIENT = { clientId: 'thistle-shop', clientSecret: 'local-idp-client-secret-0123456789' };
const WHO = '{ viewer { email firstName lastName socialLogins status { tpl isFacebook FBO hasPassword DED } } }';
let sequence = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}.${(sequence += 1)}@example.com`;

describe('configuration', () => {
  it('a provider is configured only with its client id and secret; Google defaults to accounts.google.com', () => {
    expect(socialProvidersFromEnv({})).toEqual({});
    expect(socialProvidersFromEnv({ GOOGLE_CLIENT_ID: 'id' })).toEqual({});
    expect(socialProvidersFromEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', FACEBOOK_CLIENT_ID: 'f', FACEBOOK_CLIENT_SECRET: 'fs', FACEBOOK_ISSUER: 'https://idp.example' })).toEqual({
      google: { issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 's' },
      facebook: { issuer: 'https://idp.example', clientId: 'f', clientSecret: 'fs' },
    });
  });

  it.each([
    ['http://127.0.0.1:3999', true],
    ['http://localhost:3999', true],
    ['http://[::1]:3999', true],
    ['https://accounts.google.com', false],
    ['http://accounts.google.com', false],
    ['http://127.0.0.1.nip.io', false],
  ])('insecure requests allowed for %s: %s', (issuer, allowed) => {
    expect(isLoopbackHttp(issuer)).toBe(allowed);
  });

  it('the state cookie is signed: a changed byte, another key or an expired one is no state', () => {
    const key = oauthCookieKey('token-a');
    const state = { p: 'google', m: 'login', state: 's', nonce: 'n', verifier: 'v', lr: null, r: null, viewed: [], exp: 2_000 } as const;
    const value = encodeFlowState(key, { ...state, viewed: [] });
    expect(decodeFlowState(key, value, 1_000)).toMatchObject({ state: 's', nonce: 'n' });
    expect(decodeFlowState(key, value, 3_000)).toBeNull();
    expect(decodeFlowState(oauthCookieKey('token-b'), value, 1_000)).toBeNull();
    const [payload, mac] = value.split('.');
    const forged = Buffer.from(JSON.stringify({ ...state, nonce: 'other' })).toString('base64url');
    expect(decodeFlowState(key, `${forged}.${mac}`, 1_000)).toBeNull();
    expect(decodeFlowState(key, `${payload}.${mac}x`, 1_000)).toBeNull();
    expect(decodeFlowState(key, undefined, 1_000)).toBeNull();
  });
});

describe.each(testDatabases())('social sign-in on %s', (_name, open) => {
  let services: AccountServices;
  let google: LocalIdp;
  let facebook: LocalIdp;
  let shop: { fetch(request: Request): Response | Promise<Response> };
  const logger = captureLogger();

  const browser = () => new Browser(shop, PUBLIC_BASE_URL);

  /** Starts a sign-in, signs `email` in at the provider, and returns the callback to open. */
  async function throughProvider(b: Browser, idp: LocalIdp, provider: string, email: string, query = 'mode=login') {
    const start = await b.fetch(`/auth/${provider}/start?${query}`);
    expect(start.status).toBe(302);
    const location = new URL(start.headers.get('location')!);
    expect(location.origin).toBe(idp.issuer);
    const back = await idp.scriptedLogin(location, email);
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_BASE_URL}/auth/${provider}/callback`);
    return { start, authorizationUrl: location, callback: `${back.pathname}${back.search}` };
  }

  async function signIn(b: Browser, idp: LocalIdp, provider: string, email: string, query = 'mode=login') {
    const { callback } = await throughProvider(b, idp, provider, email, query);
    return b.fetch(callback);
  }

  const errorOf = (response: Response) => {
    expect(response.status).toBe(302);
    const url = new URL(response.headers.get('location')!, PUBLIC_BASE_URL);
    expect(url.pathname).toBe('/login');
    return Object.fromEntries(url.searchParams);
  };

  beforeAll(async () => {
    services = await openAccountServices(open);
    const redirect = (provider: string) => [`${PUBLIC_BASE_URL}/auth/${provider}/callback`];
    google = await startLocalIdp({ name: 'Google', clients: [{ ...CLIENT, redirectUris: redirect('google') }] });
    // As the real Facebook: its ID tokens carry no email_verified.
    facebook = await startLocalIdp({ name: 'Facebook', omitEmailVerified: true, clients: [{ ...CLIENT, redirectUris: redirect('facebook') }] });
    ({ app: shop } = createShopApp({
      dealsApp: services.dealsApp,
      searchApp: services.searchApp,
      usersApp: services.usersApp,
      serviceToken: TEST_TOKEN,
      publicBaseUrl: PUBLIC_BASE_URL,
      socialProviders: { google: { issuer: google.issuer, ...CLIENT }, facebook: { issuer: facebook.issuer, ...CLIENT } },
      clientDist: '/nonexistent',
      logger,
    }));
  });
  afterAll(async () => {
    await google?.stop();
    await facebook?.stop();
    await services?.close();
  });

  it('socialProviders lists the configured providers', async () => {
    expect((await browser().gql('{ socialProviders }')).body.data).toEqual({ socialProviders: ['GOOGLE', 'FACEBOOK'] });
  });

  it('start redirects to the provider with PKCE S256, state and nonce, kept in a signed HttpOnly __Host-oauth cookie', async () => {
    const b = browser();
    const { start, authorizationUrl } = await throughProvider(b, google, 'google', uniqueEmail('start'));
    const q = authorizationUrl.searchParams;
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('redirect_uri')).toBe(`${PUBLIC_BASE_URL}/auth/google/callback`);
    expect(q.get('client_id')).toBe(CLIENT.clientId);
    const cookie = start.headers.getSetCookie().find((c) => c.startsWith(`${OAUTH_COOKIE}=`))!;
    expect(cookie).toMatch(/; Path=\/; Max-Age=600; HttpOnly; Secure; SameSite=Lax$/);
    // The verifier never appears in the URL.
    expect(authorizationUrl.href).not.toContain(decodeFlowState(oauthCookieKey(TEST_TOKEN), b.cookie(OAUTH_COOKIE), Date.now())!.verifier);
  });

  it('a start another site triggered (Sec-Fetch-Site: cross-site) is refused: no flow, no cookie, back to the sign-in page', async () => {
    const b = browser();
    for (const [mode, page] of [['login', '/login'], ['register', '/register']] as const) {
      const res = await b.fetch(`/auth/google/start?mode=${mode}`, { headers: { 'sec-fetch-site': 'cross-site' } });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(page);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect(b.cookie(OAUTH_COOKIE)).toBeUndefined();
    expect(logger.lines.some((l) => l.message === 'Social sign-in: a cross-site start was refused')).toBe(true);
    // Same-origin, same-site, typed in (none) and no header at all start the flow.
    for (const site of ['same-origin', 'same-site', 'none', null]) {
      const res = await browser().fetch('/auth/google/start?mode=login', site ? { headers: { 'sec-fetch-site': site } } : {});
      expect(new URL(res.headers.get('location')!).origin).toBe(google.issuer);
      expect(res.headers.getSetCookie().some((c) => c.startsWith(`${OAUTH_COOKIE}=`))).toBe(true);
    }
  });

  it('register creates the account and signs in: session cookies, the oauth cookie cleared, redirect to the redirect url', async () => {
    const email = uniqueEmail('google.new');
    google.addAccount({ email, givenName: 'Fiona', familyName: 'Stewart' });
    const b = browser();
    const res = await signIn(b, google, 'google', email, 'mode=register&redirect=%2Fdeals%2Fglasgow');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/deals/glasgow');
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/^__Host-sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(cookies.find((c) => c.startsWith(`${OAUTH_COOKIE}=`))).toMatch(/Max-Age=0/);
    expect(b.cookie(OAUTH_COOKIE)).toBeUndefined();
    expect(b.cookie('user_status')).toContain('tpl');
    const who = await b.gql(WHO);
    expect(who.body.data.viewer).toMatchObject({ email, firstName: 'Fiona', lastName: 'Stewart', socialLogins: ['GOOGLE'], status: { tpl: true, hasPassword: false } });
  });

  it('login finds the identity; without a redirect it is the stored post-login url, else /myaccount; a local redirect comes first', async () => {
    const email = uniqueEmail('google.back');
    await signIn(browser(), google, 'google', email, 'mode=register');
    const plain = await signIn(browser(), google, 'google', email);
    expect(plain.headers.get('location')).toBe('/myaccount');
    const stored = browser().setCookie(POST_LOGIN_URL_COOKIE, encodeURIComponent('/myaccount/vouchers?tab=2'));
    const withStored = await signIn(stored, google, 'google', email);
    expect(withStored.headers.get('location')).toBe('/myaccount/vouchers?tab=2');
    // Used up.
    expect(stored.cookie(POST_LOGIN_URL_COOKIE)).toBeUndefined();
    const all = browser().setCookie(POST_LOGIN_URL_COOKIE, encodeURIComponent('/stored'));
    const first = await signIn(all, google, 'google', email, `mode=login&localRedirect=${encodeURIComponent('/local?x=1')}&redirect=%2Fredirect`);
    expect(first.headers.get('location')).toBe('/local?x=1');
    // Anything that is not a same-site path is ignored.
    const offsite = await signIn(browser(), google, 'google', email, `mode=login&redirect=${encodeURIComponent('//evil.example/x')}`);
    expect(offsite.headers.get('location')).toBe('/myaccount');
  });

  it('a redirect path with characters outside Latin-1 is sent percent-encoded, not a 500 after the sign-in', async () => {
    const email = uniqueEmail('google.unicode');
    await signIn(browser(), google, 'google', email, 'mode=register');
    const b = browser();
    const res = await signIn(b, google, 'google', email, `mode=login&redirect=${encodeURIComponent('/deals/glasgow?q=☃ café')}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/deals/glasgow?q=%E2%98%83%20caf%C3%A9');
    expect(b.cookie(SESSION_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('rotates: a session the browser had before is ended', async () => {
    const email = uniqueEmail('google.rotate');
    const first = browser();
    await signIn(first, google, 'google', email, 'mode=register');
    const old = first.cookie(SESSION_COOKIE)!;
    await signIn(first, google, 'google', email);
    expect(first.cookie(SESSION_COOKIE)).not.toBe(old);
    expect((await browser().setCookie(SESSION_COOKIE, old).gql(WHO)).body.data.viewer).toBeNull();
    expect((await first.gql(WHO)).body.data.viewer.email).toBe(email);
  });

  it('an identity with no account on login is EMAIL_NOT_REGISTERED, and no session', async () => {
    const b = browser();
    const res = await signIn(b, google, 'google', uniqueEmail('google.unknown'));
    expect(errorOf(res)).toEqual({ social_error: 'EMAIL_NOT_REGISTERED', provider: 'google' });
    expect(b.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(b.cookie(OAUTH_COOKIE)).toBeUndefined();
  });

  it('a callback without the state cookie (another browser, or started nowhere) is refused', async () => {
    const { callback } = await throughProvider(browser(), google, 'google', uniqueEmail('nostate'));
    const stranger = browser();
    expect(errorOf(await stranger.fetch(callback))).toEqual({ social_error: 'INVALID_GOOGLE_TOKEN', provider: 'google' });
    expect(stranger.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('a mismatched state is refused', async () => {
    const b = browser();
    const { callback } = await throughProvider(b, google, 'google', uniqueEmail('badstate'), 'mode=register');
    const url = new URL(callback, PUBLIC_BASE_URL);
    url.searchParams.set('state', 'x'.repeat(43));
    expect(errorOf(await b.fetch(`${url.pathname}${url.search}`))).toEqual({ social_error: 'INVALID_GOOGLE_TOKEN', provider: 'google' });
    expect(b.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('a callback of another provider is refused (the state names its provider)', async () => {
    const b = browser();
    const { callback } = await throughProvider(b, google, 'google', uniqueEmail('crossed'), 'mode=register');
    expect(errorOf(await b.fetch(callback.replace('/auth/google/', '/auth/facebook/'))).social_error).toBe('INVALID_GOOGLE_TOKEN');
  });

  it('a replayed code is refused, even with the state cookie put back', async () => {
    const email = uniqueEmail('replay');
    const b = browser();
    const { callback } = await throughProvider(b, google, 'google', email, 'mode=register');
    const oauth = b.cookie(OAUTH_COOKIE)!;
    const first = await b.fetch(callback);
    expect(first.headers.get('location')).toBe('/myaccount');
    const attacker = browser();
    expect(errorOf(await attacker.fetch(callback)).social_error).toBe('INVALID_GOOGLE_TOKEN');
    const withCookie = browser().setCookie(OAUTH_COOKIE, oauth);
    expect(errorOf(await withCookie.fetch(callback)).social_error).toBe('INVALID_GOOGLE_TOKEN');
    expect(withCookie.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('an ID token whose nonce is not the one this browser sent is refused', async () => {
    const b = browser();
    const { callback } = await throughProvider(b, google, 'google', uniqueEmail('nonce'), 'mode=register');
    // Only the shop can sign the state cookie: re-sign it with another nonce, as a forged flow would need.
    const key = oauthCookieKey(TEST_TOKEN);
    const flow = decodeFlowState(key, b.cookie(OAUTH_COOKIE), Date.now())!;
    b.setCookie(OAUTH_COOKIE, encodeFlowState(key, { ...flow, nonce: 'not-the-nonce-that-was-sent-to-the-provider' }));
    expect(errorOf(await b.fetch(callback)).social_error).toBe('INVALID_GOOGLE_TOKEN');
    expect(logger.lines.some((l) => l.message === 'Social sign-in failed' && /nonce/i.test(String(l.fields?.error)))).toBe(true);
  });

  it('email_verified=false never creates or links an account', async () => {
    const email = uniqueEmail('unverified');
    google.addAccount({ email, emailVerified: false });
    expect(errorOf(await signIn(browser(), google, 'google', email, 'mode=register')).social_error).toBe('INVALID_GOOGLE_TOKEN');
    expect(errorOf(await signIn(browser(), google, 'google', email)).social_error).toBe('EMAIL_NOT_REGISTERED');
  });

  it('a classic account with the same verified email is linked on login (keyed by issuer and subject from then on)', async () => {
    const email = uniqueEmail('classic');
    const classic = browser();
    await classic.gql(`mutation($input: RegisterInput!) { register(input: $input) { __typename } }`, {
      input: { email, password: 'Correct-Horse-9', firstName: 'Calum', lastName: 'Reid' },
    });
    await classic.gql(`mutation($token: String!) { confirmEmail(input: { token: $token }) { __typename } }`, { token: await services.linkToken(email, 'confirmEmail') });
    const b = browser();
    const res = await signIn(b, google, 'google', email);
    expect(res.headers.get('location')).toBe('/myaccount');
    expect((await b.gql(WHO)).body.data.viewer).toMatchObject({ email, firstName: 'Calum', socialLogins: ['GOOGLE'], status: { hasPassword: true, tpl: true } });
  });

  it('Facebook (no email_verified): register makes an unconfirmed account and emails a link, no session; the link signs in (isFacebook, FBO); then login finds it', async () => {
    const email = uniqueEmail('facebook');
    facebook.addAccount({ email, givenName: 'Fiona' });
    const b = browser();
    const res = await signIn(b, facebook, 'facebook', email, 'mode=register');
    expect(res.headers.get('location')).toBe('/register?check_email=facebook');
    expect(b.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(b.cookie(OAUTH_COOKIE)).toBeUndefined();
    // The account is made after the answer (as a registration is).
    await services.usersApp.settled();
    // Not confirmed yet: the identity does not sign in, a fresh link goes out.
    expect(errorOf(await signIn(browser(), facebook, 'facebook', email))).toEqual({ social_error: 'EMAIL_NOT_CONFIRMED', provider: 'facebook' });
    const [latest] = await services.mail(email);
    expect(latest).toMatchObject({ kind: 'confirm_email' });
    expect(latest!.text).not.toContain('Fiona');
    const confirmed = await b.gql(`mutation($token: String!) { confirmEmail(input: { token: $token }) { __typename } }`, { token: await services.linkToken(email, 'confirmEmail') });
    expect(confirmed.body.data.confirmEmail.__typename).toBe('LoginSuccess');
    expect((await b.gql(WHO)).body.data.viewer).toMatchObject({ email, firstName: 'Fiona', socialLogins: ['FACEBOOK'], status: { isFacebook: true, FBO: true, tpl: true } });
    expect((await signIn(browser(), facebook, 'facebook', email)).headers.get('location')).toBe('/myaccount');
    expect(errorOf(await signIn(browser(), facebook, 'facebook', uniqueEmail('facebook.unknown'))).social_error).toBe('EMAIL_NOT_REGISTERED');
  });

  it('Facebook register with an address that has an account: the same check-your-email answer, nothing linked', async () => {
    const email = uniqueEmail('facebook.taken');
    await signIn(browser(), google, 'google', email, 'mode=register');
    const res = await signIn(browser(), facebook, 'facebook', email, 'mode=register');
    expect(res.headers.get('location')).toBe('/register?check_email=facebook');
    expect((await services.mail(email))[0]).toMatchObject({ kind: 'already_registered' });
    expect(errorOf(await signIn(browser(), facebook, 'facebook', email)).social_error).toBe('EMAIL_NOT_REGISTERED');
  });

  it('deleteAccount without a password (Google only): the first call emails a link (nothing erased); its token, from the same account, erases and signs out', async () => {
    const DELETE = `mutation($input: DeleteAccountInput!) { deleteAccount(input: $input) { __typename
      ... on AccountDeleted { message } ... on AccountDeletionRequested { message } ... on UserError { code message field } } }`;
    const email = uniqueEmail('google.delete');
    const b = browser();
    await signIn(b, google, 'google', email, 'mode=register');
    const asked = await b.gql(DELETE, { input: {} });
    expect(asked.body.data.deleteAccount).toEqual({ __typename: 'AccountDeletionRequested', message: expect.stringContaining('Check your email') });
    expect((await b.gql(WHO)).body.data.viewer.email).toBe(email);
    const token = await services.linkToken(email, 'deleteAccount');

    // Another customer's session cannot use the link.
    const other = browser();
    await signIn(other, google, 'google', uniqueEmail('google.other'), 'mode=register');
    expect((await other.gql(DELETE, { input: { token } })).body.data.deleteAccount).toMatchObject({ __typename: 'InvalidLinkError', code: 'INVALID_LINK', field: 'token' });
    expect((await other.gql(WHO)).body.data.viewer).not.toBeNull();

    const done = await b.gql(DELETE, { input: { token } });
    expect(done.body.data.deleteAccount).toEqual({ __typename: 'AccountDeleted', message: expect.any(String) });
    expect(b.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await b.gql(WHO)).body.data.viewer).toBeNull();
    expect(errorOf(await signIn(browser(), google, 'google', email)).social_error).toBe('EMAIL_NOT_REGISTERED');
    // A guest has nothing to delete.
    expect((await browser().gql(DELETE, { input: { token } })).body.data.deleteAccount.__typename).toBe('UnauthenticatedError');
  });

  it('a locked account refuses sign-in through its linked identity: ACCOUNT_LOCKED, no session', async () => {
    const email = uniqueEmail('google.locked');
    await signIn(browser(), google, 'google', email, 'mode=register');
    // Only staff lock an account (issue 14 #5: failed sign-ins are throttled, never locked).
    await services.lockAccount(email);
    const b = browser();
    expect(errorOf(await signIn(b, google, 'google', email))).toEqual({ social_error: 'ACCOUNT_LOCKED', provider: 'google' });
    expect(b.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('a provider that is not configured is 404', async () => {
    const { app: bare } = createShopApp({ dealsApp: services.dealsApp, usersApp: services.usersApp, serviceToken: TEST_TOKEN, clientDist: '/nonexistent', logger });
    expect((await bare.fetch(new Request(`${PUBLIC_BASE_URL}/auth/google/start`))).status).toBe(404);
    expect((await bare.fetch(new Request(`${PUBLIC_BASE_URL}/auth/google/callback?code=x&state=y`))).status).toBe(404);
    expect((await shop.fetch(new Request(`${PUBLIC_BASE_URL}/auth/twitter/start`))).status).toBe(404);
    const none = await bare.fetch(new Request(`${PUBLIC_BASE_URL}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ socialProviders }' }) }));
    expect(await none.json()).toEqual({ data: { socialProviders: [] } });
  });
});

/**
 * Social sign-in (Google, Facebook) as a backend-for-frontend with openid-client: the browser
 * never sees a token of the identity provider.
 *
 * - `GET /auth/:provider/start?mode=login|register&redirect=…&localRedirect=…&viewed=1,2`:
 *   redirects to the provider's authorization endpoint with PKCE (S256), `state` and `nonce`.
 *   A start another site triggered (`Sec-Fetch-Site: cross-site`) is refused: it redirects to
 *   the shop's /login (or /register) page without starting anything (ASVS 5.0 7.6.2, no session
 *   without user action).
 *   The verifier, state, nonce and the shopper's choices are kept in a short-lived (10 minutes),
 *   HMAC-signed, HttpOnly `__Host-oauth` cookie, so the callback accepts only a flow this browser
 *   started (ASVS 5.0 10.1.2, 10.2.1).
 * - `GET /auth/:provider/callback`: `authorizationCodeGrant` checks state, PKCE and the ID token
 *   (signature, issuer, audience, nonce); its claims (iss, sub, email, email_verified, names) go to
 *   the users service (POST /logingoogle, /registergoogleuser, /facebook/authenticate), which
 *   keys identities by (issuer, subject) and links an existing account only when both sides say
 *   the email is verified. Success sets the session cookies (rotating any session the browser
 *   had), runs the carry-over and redirects per spec §4 (local redirect, redirect url, the stored
 *   post-login url cookie, else /myaccount). Any failure redirects to
 *   `/login?social_error=CODE&provider=…` (INVALID_GOOGLE_TOKEN, EMAIL_NOT_REGISTERED,
 *   ACCOUNT_LOCKED, EMAIL_NOT_CONFIRMED or RATE_LIMITED; the client shows ERROR_MESSAGES[CODE],
 *   or its Facebook wording for a refused Facebook sign-in). A Facebook registration whose ID
 *   token does not say the address is verified (Facebook's never do) makes an unconfirmed account
 *   and emails a link: it redirects to `/register?check_email=facebook` with no session. The oauth cookie is cleared either way,
 *   so a callback URL cannot be replayed.
 *
 * Providers are configured by issuer, client id and secret (README "Configuration"); discovery
 * runs on first use and is cached. `allowInsecureRequests` is applied only to http issuers on a
 * loopback address (the local identity provider of the tests).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as oidc from 'openid-client';
import { ACCOUNT_HOME, postLoginRedirect } from '@shop/domain/accounts';
import type { ErrorCode } from '@shop/domain/error-codes';
import { POST_LOGIN_URL_COOKIE, safeReturnPath } from '@shop/domain/layouts';
import { createDealsClient } from '../clients/deals.client.ts';
import { createRestCallLog, createRestClient, DEFAULT_TIMEOUT_MS, type ServiceTarget } from '../clients/rest-client.ts';
import { isServiceError } from '../clients/service-error.ts';
import { CLIENT_IP_HEADER, createUsersClient, type SocialClaims, type SocialMode, type SocialProviderName } from '../clients/users.client.ts';
import { requestIdFrom } from '../context.ts';
import type { Logger } from '../logger.ts';
import { completeSignIn } from '../schema/accounts/sign-in.ts';
import { CARRY_OVER_VIEWED_MAX, type CarryOverRegistry } from './carry-over.ts';
import { clientAddressOf } from './client-ip.ts';
import { clearedHttpOnlyCookie, httpOnlyCookie, isSecureRequest, requestCookies, ResponseCookies } from './cookies.ts';
import { createSessionAccess } from './session.ts';

export const SOCIAL_PROVIDERS: readonly SocialProviderName[] = ['google', 'facebook'];
export const OAUTH_COOKIE = '__Host-oauth';
/** How long a started sign-in may take at the provider. */
export const OAUTH_COOKIE_MAX_AGE = 10 * 60;
export const SOCIAL_SCOPE = 'openid email profile';
export const DEFAULT_ISSUERS: Record<SocialProviderName, string> = { google: 'https://accounts.google.com', facebook: 'https://www.facebook.com' };
/** Seconds openid-client waits for the provider (discovery, token endpoint, keys). */
const PROVIDER_TIMEOUT_SECONDS = 5;

export type SocialErrorCode = Extract<ErrorCode, 'INVALID_GOOGLE_TOKEN' | 'EMAIL_NOT_REGISTERED' | 'RATE_LIMITED' | 'ACCOUNT_LOCKED' | 'EMAIL_NOT_CONFIRMED'>;

export interface SocialProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export type SocialProviderConfigs = Partial<Record<SocialProviderName, SocialProviderConfig>>;

/**
 * The providers configured by the environment: GOOGLE_CLIENT_ID + GOOGLE_CLIENT_SECRET (and
 * GOOGLE_ISSUER, default https://accounts.google.com), likewise FACEBOOK_*. A provider without
 * its id and secret is not configured (its button does not show).
 */
export function socialProvidersFromEnv(env: Readonly<Record<string, unknown>>): SocialProviderConfigs {
  const out: SocialProviderConfigs = {};
  for (const provider of SOCIAL_PROVIDERS) {
    const prefix = provider.toUpperCase();
    const text = (name: string) => (typeof env[name] === 'string' && env[name] ? (env[name] as string) : undefined);
    const clientId = text(`${prefix}_CLIENT_ID`);
    const clientSecret = text(`${prefix}_CLIENT_SECRET`);
    if (clientId && clientSecret) out[provider] = { issuer: text(`${prefix}_ISSUER`) ?? DEFAULT_ISSUERS[provider], clientId, clientSecret };
  }
  return out;
}

/** http is allowed only for an issuer on this machine (the tests' identity provider). */
export function isLoopbackHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

// ---------------------------------------------------------------------------------------------
// The signed state cookie

interface FlowState {
  /** provider */
  p: SocialProviderName;
  /** mode */
  m: SocialMode;
  state: string;
  nonce: string;
  verifier: string;
  /** local redirect, redirect url (already checked with safeReturnPath) */
  lr: string | null;
  r: string | null;
  /** recently viewed deal ids to carry over */
  viewed: number[];
  /** expiry, epoch ms */
  exp: number;
}

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function encodeFlowState(key: Buffer, state: FlowState): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

export function decodeFlowState(key: Buffer, value: string | undefined, now: number): FlowState | null {
  if (!value || value.length > 4096) return null;
  const [payload, mac, extra] = value.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as FlowState;
    if (typeof state.exp !== 'number' || state.exp < now) return null;
    return state;
  } catch {
    return null;
  }
}

/** The cookie signing key: from the service credential (the same on every instance of the shop). */
export function oauthCookieKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('shop social sign-in state cookie v1').digest();
}

const oauthCookie = (value: string) => httpOnlyCookie(OAUTH_COOKIE, value, OAUTH_COOKIE_MAX_AGE);
const clearedOauthCookie = () => clearedHttpOnlyCookie(OAUTH_COOKIE);

// ---------------------------------------------------------------------------------------------
// Routes

export interface SocialRoutesOptions {
  providers: SocialProviderConfigs;
  /** The shop's public origin: redirect URIs are `${publicBaseUrl}/auth/:provider/callback`. */
  publicBaseUrl: string;
  /** Signs the state cookie (oauthCookieKey of the service token by default). */
  cookieKey: Buffer;
  users: ServiceTarget;
  deals: ServiceTarget;
  serviceToken: string;
  carryOver: CarryOverRegistry;
  logger: Logger;
  trustProxy?: boolean;
  timeoutMs?: number;
  now?: () => Date;
}

/** Where the callback of a provider is (register it at the provider). */
export function redirectUriFor(publicBaseUrl: string, provider: SocialProviderName): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/auth/${provider}/callback`;
}

function parseViewed(value: string | undefined): number[] {
  if (!value) return [];
  const ids: number[] = [];
  for (const part of value.split(',').slice(0, CARRY_OVER_VIEWED_MAX)) {
    if (/^[1-9]\d{0,9}$/.test(part) && Number(part) <= 2_147_483_647) ids.push(Number(part));
  }
  return ids;
}

/** The post-login url the client stored (URI-encoded; requestCookies decodes it), or null. */
function storedPostLoginUrl(cookies: Readonly<Record<string, string>>): string | null {
  return cookies[POST_LOGIN_URL_COOKIE] || null;
}

/** An error and its causes in one line (openid-client's ClientError wraps the check that failed). */
function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e !== undefined && depth < 4; depth += 1) {
    parts.push(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join(' ← ');
}

/**
 * A Location header value: the same-site path with every character outside printable ASCII
 * percent-encoded (a header cannot carry them; `?redirect=/☃` would otherwise throw after the sign-in).
 */
export function locationHeader(path: string): string {
  return path.replace(/[^\x21-\x7e]/gu, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%EF%BF%BD'; // a lone surrogate: U+FFFD
    }
  });
}

function redirectResponse(location: string, cookies: string[]): Response {
  const headers = new Headers({ location: locationHeader(location), 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 302, headers });
}

/**
 * A request another site made the browser send (`Sec-Fetch-Site: cross-site`). `same-origin`,
 * `same-site` and `none` (typed in, a bookmark) pass; so does a request without the header
 * (an older browser, which the signed state cookie and SameSite=Lax session still guard).
 */
export function isCrossSiteRequest(request: Request): boolean {
  return request.headers.get('sec-fetch-site')?.trim().toLowerCase() === 'cross-site';
}

/** Where a registration that waits for the emailed confirmation link lands (the register page says so). */
export function socialCheckEmailPath(provider: SocialProviderName): string {
  return `/register?${new URLSearchParams({ check_email: provider })}`;
}

export function socialErrorPath(code: SocialErrorCode, provider: SocialProviderName): string {
  return `/login?${new URLSearchParams({ social_error: code, provider })}`;
}

export function createSocialRoutes(options: SocialRoutesOptions): Hono {
  const { logger, cookieKey } = options;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const configs = new Map<SocialProviderName, Promise<oidc.Configuration>>();

  /** Discovery once per provider; a failure is not cached (the next sign-in tries again). */
  function configFor(provider: SocialProviderName): Promise<oidc.Configuration> {
    let pending = configs.get(provider);
    if (!pending) {
      const { issuer, clientId, clientSecret } = options.providers[provider]!;
      pending = oidc
        .discovery(new URL(issuer), clientId, clientSecret, oidc.ClientSecretPost(clientSecret), {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          ...(isLoopbackHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
        .catch((error: unknown) => {
          configs.delete(provider);
          throw error;
        });
      configs.set(provider, pending);
    }
    return pending;
  }

  const providerOf = (c: Context): SocialProviderName | null => {
    const name = c.req.param('provider') as SocialProviderName;
    return SOCIAL_PROVIDERS.includes(name) && options.providers[name] ? name : null;
  };

  const notFound = () =>
    new Response(JSON.stringify({ type: 'about:blank', title: 'No such sign-in provider.', status: 404, code: 'NOT_FOUND' }), {
      status: 404,
      headers: { 'content-type': 'application/problem+json' },
    });

  const app = new Hono();

  app.get('/:provider/start', async (c) => {
    const provider = providerOf(c);
    if (!provider) return notFound();
    const mode: SocialMode = c.req.query('mode') === 'register' ? 'register' : 'login';
    if (isCrossSiteRequest(c.req.raw)) {
      // Another site may not start a sign-in: with a live session at the provider it would come
      // back signed in without the shopper doing anything here (ASVS 5.0 7.6.2). The shopper lands
      // on the shop's own sign-in page, where the button starts it.
      logger.warn('Social sign-in: a cross-site start was refused', { correlationId: requestIdFrom(c.req.raw), provider });
      return redirectResponse(mode === 'register' ? '/register' : '/login', []);
    }
    let config: oidc.Configuration;
    try {
      config = await configFor(provider);
    } catch (error) {
      logger.error('Social sign-in: provider discovery failed', { correlationId: requestIdFrom(c.req.raw), provider, error: String(error) });
      return redirectResponse(socialErrorPath('INVALID_GOOGLE_TOKEN', provider), []);
    }
    const verifier = oidc.randomPKCECodeVerifier();
    const flow: FlowState = {
      p: provider,
      m: mode,
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier,
      lr: safeReturnPath(c.req.query('localRedirect')),
      r: safeReturnPath(c.req.query('redirect')),
      viewed: parseViewed(c.req.query('viewed')),
      exp: now().getTime() + OAUTH_COOKIE_MAX_AGE * 1000,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUriFor(options.publicBaseUrl, provider),
      scope: SOCIAL_SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return redirectResponse(url.href, [oauthCookie(encodeFlowState(cookieKey, flow))]);
  });

  app.get('/:provider/callback', async (c) => {
    const provider = providerOf(c);
    if (!provider) return notFound();
    const request = c.req.raw;
    const requestId = requestIdFrom(request);
    const cookies = requestCookies(request);
    const responseCookies = new ResponseCookies();
    responseCookies.set(OAUTH_COOKIE, clearedOauthCookie());
    const fail = (code: SocialErrorCode, reason: string, error?: unknown) => {
      logger.warn('Social sign-in failed', { correlationId: requestId, provider, reason, ...(error ? { error: errorText(error) } : {}) });
      return redirectResponse(socialErrorPath(code, provider), responseCookies.headers());
    };

    const flow = decodeFlowState(cookieKey, cookies[OAUTH_COOKIE], now().getTime());
    if (!flow || flow.p !== provider) return fail('INVALID_GOOGLE_TOKEN', 'no sign-in was started in this browser (missing, forged or expired state cookie)');
    const query = new URL(request.url).search;
    let claims: SocialClaims;
    try {
      const config = await configFor(provider);
      const currentUrl = new URL(`${redirectUriFor(options.publicBaseUrl, provider)}${query}`);
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      const email = typeof idToken?.email === 'string' ? idToken.email : null;
      if (!idToken || !email) return fail('INVALID_GOOGLE_TOKEN', 'the ID token has no email');
      const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
      const firstName = text(idToken.given_name);
      const lastName = text(idToken.family_name);
      claims = {
        issuer: idToken.iss,
        subject: idToken.sub,
        email,
        // Facebook's ID token has no email_verified: absent is not verified (no linking by email).
        emailVerified: idToken.email_verified === true,
        ...(firstName ? { firstName } : {}),
        ...(lastName ? { lastName } : {}),
      };
    } catch (error) {
      return fail('INVALID_GOOGLE_TOKEN', 'the authorization response or ID token was refused', error);
    }

    const address = clientAddressOf(c, options.trustProxy ?? false);
    const common = { serviceToken: options.serviceToken, requestId, log: createRestCallLog(), timeoutMs };
    const users = createUsersClient(
      createRestClient({ ...common, service: 'users', target: options.users, ...(address ? { headers: { [CLIENT_IP_HEADER]: address } } : {}) }),
    );
    const deals = createDealsClient(createRestClient({ ...common, service: 'deals', target: options.deals }));
    let signedIn;
    try {
      const answer = await users.socialSignIn(provider, flow.m, claims);
      if ('status' in answer) {
        // Registered with an address the provider did not vouch for (Facebook): the emailed link
        // confirms it and signs in. Nothing else is said (the same answer for a known address).
        return redirectResponse(socialCheckEmailPath(provider), responseCookies.headers());
      }
      signedIn = answer;
    } catch (error) {
      if (isServiceError(error) && error.code === 'EMAIL_NOT_REGISTERED') return fail('EMAIL_NOT_REGISTERED', 'no account for this identity');
      if (isServiceError(error) && error.code === 'RATE_LIMITED') return fail('RATE_LIMITED', 'rate limited');
      if (isServiceError(error) && error.code === 'ACCOUNT_LOCKED') return fail('ACCOUNT_LOCKED', 'the account is locked');
      if (isServiceError(error) && error.code === 'EMAIL_NOT_CONFIRMED') return fail('EMAIL_NOT_CONFIRMED', 'the account is not confirmed yet (a fresh link was sent)');
      if (isServiceError(error) && error.status >= 400 && error.status < 500) return fail('INVALID_GOOGLE_TOKEN', `the users service refused the claims (${error.code})`, error);
      logger.error('Social sign-in: the users service failed', { correlationId: requestId, provider, error: String(error) });
      return redirectResponse(socialErrorPath('INVALID_GOOGLE_TOKEN', provider), responseCookies.headers());
    }

    const secure = isSecureRequest(request);
    const session = createSessionAccess({ cookies, responseCookies, users, secure, logger, requestId, now });
    await completeSignIn({ session, cookies, clients: { deals }, carryOver: options.carryOver, logger, requestId }, signedIn, flow.viewed);
    const stored = storedPostLoginUrl(cookies);
    // The stored post-login url is used up.
    if (stored !== null) responseCookies.set(POST_LOGIN_URL_COOKIE, `${POST_LOGIN_URL_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`);
    const location = postLoginRedirect({ localRedirect: flow.lr, redirectUrl: flow.r, storedPostLoginUrl: stored }) || ACCOUNT_HOME;
    return redirectResponse(location, responseCookies.headers());
  });

  return app;
}

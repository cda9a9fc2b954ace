/**
 * Typed client of the users service (services/users, contract in services/users/README.md).
 *
 * Answers are parsed with the service's own contract (services/users/src/contract.ts), so a
 * drift fails loudly (BAD_RESPONSE, masked) instead of reaching a shopper half-read.
 *
 * Every call carries the shopper's address (`x-client-ip`, decided by the gateway: the services
 * never read x-forwarded-for) for the per-address rate limits; calls that act on a session carry
 * its raw token (`x-session-token`). Non-2xx answers are ServiceErrors with the problem's code
 * (INVALID_CREDENTIALS, RATE_LIMITED with retryAfterSeconds, …); the resolvers turn them into
 * result-union members.
 */
import { z } from 'zod';
import type { EmailFrequency, EmailTopic } from '@shop/domain/accounts';
import {
  AccountStatusSchema,
  CheckEmailSchema,
  CurrentSessionSchema,
  CustomerTokenCheckSchema,
  EmailPreferencesResponseSchema,
  MyEmailPreferencesSchema,
  PasswordResetDoneSchema,
  SignedInSchema,
  StaffKeyCheckSchema,
  SubscriptionStatusSchema,
  UserResponseSchema,
  type EmailPreferences,
  type User,
} from '@shop/users/contract';
import { StaffSessionCheckSchema, StaffSessionEndedSchema, StaffSessionStartedSchema } from '@shop/users/staff/staff-people.contract';
import type { RestClient } from './rest-client.ts';

export { CLIENT_IP_HEADER } from '@shop/platform';
export const SESSION_TOKEN_HEADER = 'x-session-token';

export type { EmailPreferences, User };
/** A sign-in's answer: the user and the new session (its raw token only ever here). */
export type SignedIn = z.infer<typeof SignedInSchema>['data'];
/** A live session as GET /session describes it (no token: the caller holds it). */
export type CurrentSession = z.infer<typeof CurrentSessionSchema>['data'];

/** What the gateway read from a verified ID token (openid-client), as the users service takes it. */
export interface SocialClaims {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
}

export type SocialProviderName = 'google' | 'facebook';
export type SocialMode = 'login' | 'register';
export type SubscriptionSource = 'header' | 'popup' | 'register' | 'preferences' | 'account';

export interface UsersClient {
  /** 202 CHECK_EMAIL whether or not the email was registered. */
  register(input: { email: string; password: string; firstName: string; lastName: string; subscribe?: boolean }): Promise<{ email: string }>;
  expressRegister(input: { email: string; firstName?: string; lastName?: string }): Promise<{ email: string }>;
  /** The emailed confirmation link: confirms and signs in. */
  verifyEmail(token: string): Promise<SignedIn>;
  /** POST /login/link: the sign-in link (same answer for every address). */
  requestSignInLink(email: string): Promise<void>;
  /** POST /login/link/verify: signs in from the emailed link. */
  signInWithLink(token: string): Promise<SignedIn>;
  login(input: { email: string; password: string; rememberMe?: boolean }): Promise<SignedIn>;
  /** Ends the session (or every session of its account); 401 when it was not live. */
  logout(sessionToken: string, everywhere?: boolean): Promise<void>;
  /** The live session, sliding its idle expiry; null when missing or expired (401). */
  findSession(sessionToken: string): Promise<CurrentSession | null>;
  subscriptionStatus(email: string): Promise<z.infer<typeof SubscriptionStatusSchema>['data']>;
  getUser(sessionToken: string): Promise<User>;
  isValidCustomerToken(customerToken: string): Promise<boolean>;
  /** Whether a bearer token is a live staff API key (internal tools), and whose. */
  verifyStaffKey(key: string): Promise<{ valid: boolean; name: string | null }>;
  /** A staff person signs in (gateway /staff/sign-in): a staff session token, never a shopper's. Throws INVALID_CREDENTIALS, SIGN_IN_THROTTLED, RATE_LIMITED. */
  startStaffSession(email: string, password: string): Promise<{ token: string; name: string; email: string; expiresAt: string }>;
  /** Whether a staff session cookie is live, and whose. */
  verifyStaffSession(token: string): Promise<{ valid: boolean; name: string | null }>;
  endStaffSession(token: string): Promise<void>;
  updateUser(sessionToken: string, user: { firstName: string; lastName: string }): Promise<User>;
  /** A NEW session (rotated): every other session ends. */
  changePassword(sessionToken: string, change: { currentPassword: string; newPassword: string; confirmPassword: string }): Promise<SignedIn>;
  requestPasswordReset(email: string): Promise<void>;
  resetPassword(input: { token: string; password: string; confirmPassword: string }): Promise<void>;
  activatePassword(input: { token: string; password: string; confirmPassword: string }): Promise<void>;
  accountStatus(sessionToken: string): Promise<z.infer<typeof AccountStatusSchema>['data']>;
  /**
   * Erases the account: with its password, or (no password) with the token of the emailed link.
   * Without either, an account with no password is sent that link (202) and nothing is erased.
   */
  anonymize(sessionToken: string, proof?: string | { password?: string; token?: string }): Promise<void>;
  /**
   * Google: /logingoogle or /registergoogleuser; Facebook: /facebook/authenticate with the mode.
   * Facebook registration with an unverified address answers CHECK_EMAIL (202): no session yet.
   */
  socialSignIn(provider: SocialProviderName, mode: SocialMode, claims: SocialClaims): Promise<SignedIn | { status: 'CHECK_EMAIL'; email: string }>;
  subscribe(email: string, source: SubscriptionSource): Promise<{ email: string }>;
  /** The signed-in account's own email preferences (with the signed token), or null when it has no subscription. */
  myEmailPreferences(sessionToken: string): Promise<EmailPreferences | null>;
  confirmSubscription(token: string): Promise<EmailPreferences>;
  getEmailPreferences(token: string): Promise<EmailPreferences>;
  updateEmailPreferences(input: { token: string; topics: EmailTopic[]; frequency: EmailFrequency }): Promise<EmailPreferences>;
  unsubscribe(token: string): Promise<EmailPreferences>;
}

const FacebookAnswerSchema = z.union([SignedInSchema, CheckEmailSchema]);

const session = (token: string) => ({ [SESSION_TOKEN_HEADER]: token });
const seg = encodeURIComponent;

export function createUsersClient(rest: RestClient): UsersClient {
  return {
    async register({ subscribe, ...input }) {
      const body = { requestRegistration: { ...input, ...(subscribe !== undefined ? { subscribe } : {}) } };
      return (await rest.send('POST', '/register', { body, parser: CheckEmailSchema })).data;
    },
    async expressRegister(input) {
      return (await rest.send('POST', '/express-register', { body: { requestRegistration: input }, parser: CheckEmailSchema })).data;
    },
    async verifyEmail(token) {
      return (await rest.send('POST', '/email/verify', { body: { token }, parser: SignedInSchema })).data;
    },
    async requestSignInLink(email) {
      await rest.send('POST', '/login/link', { body: { email } });
    },
    async signInWithLink(token) {
      return (await rest.send('POST', '/login/link/verify', { body: { token }, parser: SignedInSchema })).data;
    },
    async login({ email, password, rememberMe }) {
      const body = { loginRequest: { j_username: email, j_password: password }, ...(rememberMe !== undefined ? { rememberMe } : {}) };
      return (await rest.send('POST', '/login', { body, parser: SignedInSchema })).data;
    },
    async logout(sessionToken, everywhere) {
      await rest.send('PUT', '/logout', { body: everywhere ? { everywhere: true } : {}, headers: session(sessionToken) });
    },
    async findSession(sessionToken) {
      try {
        return (await rest.send('GET', '/session', { headers: session(sessionToken), parser: CurrentSessionSchema })).data;
      } catch (error) {
        if (error instanceof Error && 'status' in error && error.status === 401) return null;
        throw error;
      }
    },
    async subscriptionStatus(email) {
      return (await rest.send('POST', '/subscription-status', { body: { requestSubscriptionDetails: { email } }, parser: SubscriptionStatusSchema })).data;
    },
    async getUser(sessionToken) {
      return (await rest.send('GET', '/user', { headers: session(sessionToken), parser: UserResponseSchema })).data;
    },
    async isValidCustomerToken(customerToken) {
      return (await rest.send('GET', `/user?ct=${seg(customerToken)}`, { parser: CustomerTokenCheckSchema, logPath: '/user?ct=…' })).data.valid;
    },
    async verifyStaffKey(key) {
      return (await rest.send('POST', '/staff-keys/verify', { body: { key }, parser: StaffKeyCheckSchema })).data;
    },
    async startStaffSession(email, password) {
      return (await rest.send('POST', '/staff-sessions', { body: { email, password }, parser: StaffSessionStartedSchema })).data;
    },
    async verifyStaffSession(token) {
      const { valid, name } = (await rest.send('POST', '/staff-sessions/verify', { body: { token }, parser: StaffSessionCheckSchema })).data;
      return { valid, name };
    },
    async endStaffSession(token) {
      await rest.send('POST', '/staff-sessions/end', { body: { token }, parser: StaffSessionEndedSchema });
    },
    async updateUser(sessionToken, user) {
      return (await rest.send('PUT', '/user', { body: { user }, headers: session(sessionToken), parser: UserResponseSchema })).data;
    },
    async changePassword(sessionToken, passwordChange) {
      return (await rest.send('PATCH', '/user/password', { body: { passwordChange }, headers: session(sessionToken), parser: SignedInSchema })).data;
    },
    async requestPasswordReset(email) {
      await rest.send('POST', `/user/${seg(email)}/password_reset_request`, { logPath: '/user/{email}/password_reset_request' });
    },
    async resetPassword(input) {
      await rest.send('POST', '/user/password_reset', { body: input, parser: PasswordResetDoneSchema });
    },
    async activatePassword(input) {
      await rest.send('POST', '/user/password_activate', { body: input, parser: PasswordResetDoneSchema });
    },
    async accountStatus(sessionToken) {
      return (await rest.send('GET', '/user/account-status', { headers: session(sessionToken), parser: AccountStatusSchema })).data;
    },
    async anonymize(sessionToken, proof) {
      const body = typeof proof === 'string' ? { password: proof } : (proof ?? {});
      await rest.send('POST', '/user/anonymize', { body, headers: session(sessionToken) });
    },
    async socialSignIn(provider, mode, claims) {
      if (provider === 'facebook') {
        return (await rest.send('POST', '/facebook/authenticate', { body: { ...claims, mode }, parser: FacebookAnswerSchema })).data;
      }
      const path = mode === 'register' ? '/registergoogleuser' : '/logingoogle';
      return (await rest.send('POST', path, { body: claims, parser: SignedInSchema })).data;
    },
    async subscribe(email, source) {
      return (await rest.send('POST', '/subscription', { body: { email, source }, parser: CheckEmailSchema })).data;
    },
    async myEmailPreferences(sessionToken) {
      return (await rest.send('GET', '/user/email-preferences', { headers: session(sessionToken), parser: MyEmailPreferencesSchema })).data;
    },
    async confirmSubscription(token) {
      return (await rest.send('POST', '/subscription/confirm', { body: { token }, parser: EmailPreferencesResponseSchema })).data;
    },
    async getEmailPreferences(token) {
      return (await rest.send('GET', `/email/preferences?token=${seg(token)}`, { parser: EmailPreferencesResponseSchema, logPath: '/email/preferences?token=…' })).data;
    },
    async updateEmailPreferences(input) {
      return (await rest.send('PUT', '/email/preferences', { body: input, parser: EmailPreferencesResponseSchema })).data;
    },
    async unsubscribe(token) {
      return (await rest.send('POST', '/email/preferences/unsubscribe', { body: { token }, parser: EmailPreferencesResponseSchema })).data;
    },
  };
}

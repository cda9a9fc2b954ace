import { createRoute } from '@hono/zod-openapi';
import { problemContent } from '@shop/platform';
import {
  CheckEmailSchema,
  CurrentSessionSchema,
  ExpressRegisterBodySchema,
  LoginBodySchema,
  LogoutBodySchema,
  RegisterBodySchema,
  SignedInSchema,
  SubscriptionStatusBodySchema,
  SubscriptionStatusSchema,
  TokenBodySchema,
} from '../contract.ts';
import { commonErrors, json, SESSION_SECURITY, sessionErrors } from '../lib/http.ts';

const body = <T>(schema: T, description: string) => ({ body: { required: true, description, content: { 'application/json': { schema } } } });

export const register = createRoute({
  method: 'post',
  path: '/register',
  operationId: 'register',
  tags: ['Accounts'],
  summary: 'Register with email and password',
  description:
    'Spec §7. Always 202 CHECK_EMAIL with the same body, headers and timing: a new address gets a confirmation link (the account exists from now on, unconfirmed), ' +
    'a registered one an email saying it already has an account. The password is hashed (argon2id) either way. Rate-limited per client address and per email.',
  request: body(RegisterBodySchema, 'The register form (domain registerSchema) inside requestRegistration.'),
  responses: { 202: json(CheckEmailSchema, 'Check your email.'), ...commonErrors },
});

export const expressRegister = createRoute({
  method: 'post',
  path: '/express-register',
  operationId: 'expressRegister',
  tags: ['Accounts'],
  summary: 'Register with an email only (guest checkout)',
  description:
    'Spec §7. As /register, without a password: a new address gets a passwordless account and a link to choose its first password (POST /user/password_activate).',
  request: body(ExpressRegisterBodySchema, 'An email and optional names inside requestRegistration.'),
  responses: { 202: json(CheckEmailSchema, 'Check your email.'), ...commonErrors },
});

export const verifyEmail = createRoute({
  method: 'post',
  path: '/email/verify',
  operationId: 'verifyEmail',
  tags: ['Accounts'],
  summary: 'Confirm the email address from the emailed link, and sign in',
  description: 'The confirmation link (PUBLIC_BASE_URL/confirm-email?token=) is single use and lasts 7 days. A session the request carried is ended.',
  request: body(TokenBodySchema, 'The token of the link.'),
  responses: { 200: json(SignedInSchema, 'Confirmed and signed in: a new session.'), ...commonErrors },
});

export const login = createRoute({
  method: 'post',
  path: '/login',
  operationId: 'login',
  tags: ['Accounts'],
  summary: 'Sign in with email and password',
  description:
    'Spec §7. A new session every time (the one the request carried is ended). Unknown email and wrong password answer the same 401 with the same timing (a dummy argon2 verify). ' +
    `Consecutive wrong passwords lock the account: while the lock is in force every attempt gets 423, whatever the password (it is not checked); 403 is given only when the password was right.`,
  request: body(LoginBodySchema, 'loginRequest { j_username, j_password } and rememberMe.'),
  responses: {
    200: json(SignedInSchema, 'Signed in.'),
    ...commonErrors,
    401: problemContent('INVALID_CREDENTIALS (unknown email or wrong password, indistinguishable), or UNAUTHORISED (service token).'),
    403: problemContent('EMAIL_NOT_CONFIRMED: the password was right but the address is not confirmed; a fresh link has been sent.'),
    423: problemContent('ACCOUNT_LOCKED: the account is locked (the password is not checked); a password reset unlocks it, or the lock lifts by itself after LOCK_DURATION_MS.'),
  },
});

export const logout = createRoute({
  method: 'put',
  path: '/logout',
  operationId: 'logout',
  tags: ['Sessions'],
  summary: 'Sign out (this session, or every session of the account)',
  description: 'The session is deleted server side, so a replayed token answers 401. With everywhere, every session of the account ends (other devices included).',
  security: SESSION_SECURITY,
  request: { body: { required: false, description: 'Optional: { everywhere: true } ends every session.', content: { 'application/json': { schema: LogoutBodySchema } } } },
  responses: { 204: { description: 'Signed out: replaying the token now answers 401.' }, ...commonErrors, ...sessionErrors },
});

export const currentSession = createRoute({
  method: 'get',
  path: '/session',
  operationId: 'currentSession',
  tags: ['Sessions'],
  summary: 'The signed-in user and the session (slides the idle expiry)',
  description: 'Idle expiry 30 minutes (14 days with remember me), absolute 12 hours (30 days). Every signed-in route slides the idle expiry.',
  security: SESSION_SECURITY,
  responses: { 200: json(CurrentSessionSchema, 'The user and the session.'), ...commonErrors, ...sessionErrors },
});

export const subscriptionStatus = createRoute({
  method: 'post',
  path: '/subscription-status',
  operationId: 'subscriptionStatus',
  tags: ['Accounts'],
  summary: 'Pre-login check of an address (spec §7)',
  description: 'What the login form needs to know about an address: has it a password, is it locked, registered, has it a social login. Rate-limited per client address and per email.',
  request: body(SubscriptionStatusBodySchema, 'requestSubscriptionDetails { email }.'),
  responses: { 200: json(SubscriptionStatusSchema, 'The flags (all false for an unknown address).'), ...commonErrors },
});

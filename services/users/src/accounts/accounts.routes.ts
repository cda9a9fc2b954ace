import { createRoute, jsonContent, problemContent } from '@shop/platform';
import {
  CheckEmailSchema,
  CurrentSessionSchema,
  ExpressRegisterBodySchema,
  LoginBodySchema,
  LogoutBodySchema,
  RegisterBodySchema,
  ResetRequestedSchema,
  SignInLinkBodySchema,
  SignedInSchema,
  SubscriptionStatusBodySchema,
  SubscriptionStatusSchema,
  TokenBodySchema,
} from '../contract.ts';
import { commonErrors, SESSION_SECURITY, sessionErrors } from '../lib/http.ts';

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
  responses: { 202: jsonContent(CheckEmailSchema, 'Check your email.'), ...commonErrors },
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
  responses: { 202: jsonContent(CheckEmailSchema, 'Check your email.'), ...commonErrors },
});

export const verifyEmail = createRoute({
  method: 'post',
  path: '/email/verify',
  operationId: 'verifyEmail',
  tags: ['Accounts'],
  summary: 'Confirm the email address from the emailed link, and sign in',
  description: 'The confirmation link (PUBLIC_BASE_URL/confirm-email?token=) is single use and lasts 7 days. A session the request carried is ended.',
  request: body(TokenBodySchema, 'The token of the link.'),
  responses: { 200: jsonContent(SignedInSchema, 'Confirmed and signed in: a new session.'), ...commonErrors },
});

export const login = createRoute({
  method: 'post',
  path: '/login',
  operationId: 'login',
  tags: ['Accounts'],
  summary: 'Sign in with email and password',
  description:
    'Spec §7. A new session every time (the one the request carried is ended). Unknown email and wrong password answer the same 401 with the same timing (a dummy argon2 verify). ' +
    'Failed attempts are throttled, never locked out (domain SIGN_IN_THROTTLE): per email typed (registered or not) 5 free, then a wait of 1 minute doubling per failure up to 15 minutes; per client address 20 free, the same waits. ' +
    'While a wait runs every attempt answers 429 SIGN_IN_THROTTLED with retryAfterSeconds, the same for every address, and the password is not checked. The way round: POST /login/link. ' +
    '403 EMAIL_NOT_CONFIRMED and 423 ACCOUNT_LOCKED (staff only) are given only when the password was right.',
  request: body(LoginBodySchema, 'loginRequest { j_username, j_password } and rememberMe.'),
  responses: {
    200: jsonContent(SignedInSchema, 'Signed in.'),
    ...commonErrors,
    401: problemContent('INVALID_CREDENTIALS (unknown email or wrong password, indistinguishable), or UNAUTHORISED (service token).'),
    403: problemContent('EMAIL_NOT_CONFIRMED: the password was right but the address is not confirmed; a fresh link has been sent.'),
    423: problemContent('ACCOUNT_LOCKED: the password was right but staff have locked the account (failed sign-ins never lock).'),
  },
});

export const requestSignInLink = createRoute({
  method: 'post',
  path: '/login/link',
  operationId: 'requestSignInLink',
  tags: ['Accounts'],
  summary: 'Email a sign-in link ("Email me a sign-in link")',
  description:
    'Always 202 with the same body and timing: a registered address gets a link (PUBLIC_BASE_URL/login/link?token=, single use, 15 minutes, stored hashed) that voids older ones; an unknown address gets nothing, as reset requests. ' +
    'The way round the sign-in throttle: opening the link signs in whatever the password throttle says. Rate-limited per client address and per (email, client address).',
  request: body(SignInLinkBodySchema, 'The email (domain forgotPasswordSchema).'),
  responses: { 202: jsonContent(ResetRequestedSchema, 'Check your email.'), ...commonErrors },
});

export const signInWithLink = createRoute({
  method: 'post',
  path: '/login/link/verify',
  operationId: 'signInWithLink',
  tags: ['Accounts'],
  summary: 'Sign in from an emailed sign-in link',
  description:
    'Uses the link up and signs in with a new session (the one the request carried is ended); the email\'s sign-in throttle count is forgotten. The link proves the address: an unconfirmed account is confirmed, ' +
    'and loses any password, sessions and linked identities set before (account pre-hijacking). 400 INVALID_LINK for an unknown, used, voided or expired link; 423 ACCOUNT_LOCKED when staff have locked the account.',
  request: body(TokenBodySchema, 'The token of the link.'),
  responses: { 200: jsonContent(SignedInSchema, 'Signed in: a new session.'), ...commonErrors, 423: problemContent('ACCOUNT_LOCKED (staff only).') },
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
  responses: { 200: jsonContent(CurrentSessionSchema, 'The user and the session.'), ...commonErrors, ...sessionErrors },
});

export const subscriptionStatus = createRoute({
  method: 'post',
  path: '/subscription-status',
  operationId: 'subscriptionStatus',
  tags: ['Accounts'],
  summary: 'Pre-login check of an address (spec §7)',
  description: 'What the login form needs to know about an address: has it a password, is it locked, registered, has it a social login. Rate-limited per client address and per email.',
  request: body(SubscriptionStatusBodySchema, 'requestSubscriptionDetails { email }.'),
  responses: { 200: jsonContent(SubscriptionStatusSchema, 'The flags (all false for an unknown address).'), ...commonErrors },
});

import { createRoute, jsonContent, problemContent } from '@shop/platform';
import { CheckEmailSchema, FacebookBodySchema, SignedInSchema, SocialClaimsSchema } from '../contract.ts';
import { commonErrors } from '../lib/http.ts';

const claims = <T>(schema: T) => ({
  body: { required: true, description: 'Claims of an ID token the gateway has verified.', content: { 'application/json': { schema } } },
});

const LINKING =
  'Users are keyed by (issuer, subject). A new identity is linked to the account with the same email only when the identity provider says the email is verified; ' +
  'an unconfirmed classic account with that email loses its password, sessions and links when the identity is attached (account pre-hijacking). ' +
  'A locked account (its linked identity, or a confirmed account with that email) is refused with 423 ACCOUNT_LOCKED, as a password login is.';

const UNCONFIRMED = 'EMAIL_NOT_CONFIRMED: the account this identity is linked to has not confirmed its address yet (a fresh link is sent).';

export const loginGoogle = createRoute({
  method: 'post',
  path: '/logingoogle',
  operationId: 'loginGoogle',
  tags: ['Social sign-in'],
  summary: 'Sign in with Google',
  description: `Spec §7. ${LINKING} No account with that identity or email: 404 EMAIL_NOT_REGISTERED ("Email wasn't registered").`,
  request: claims(SocialClaimsSchema),
  responses: {
    200: jsonContent(SignedInSchema, 'Signed in: a new session.'),
    ...commonErrors,
    403: problemContent(UNCONFIRMED),
    404: problemContent('EMAIL_NOT_REGISTERED.'),
    423: problemContent('ACCOUNT_LOCKED.'),
  },
});

export const registerGoogle = createRoute({
  method: 'post',
  path: '/registergoogleuser',
  operationId: 'registerGoogleUser',
  tags: ['Social sign-in'],
  summary: 'Register (or sign in) with Google',
  description: `Spec §7. Creates a passwordless, confirmed account, or links to the account with that verified email. ${LINKING} An unverified email is refused (400 naming emailVerified).`,
  request: claims(SocialClaimsSchema),
  responses: {
    200: jsonContent(SignedInSchema, 'Signed in: a new session.'),
    ...commonErrors,
    403: problemContent(UNCONFIRMED),
    404: problemContent('EMAIL_NOT_REGISTERED: another request for the same address or identity was linking it at the same moment; try again.'),
    423: problemContent('ACCOUNT_LOCKED.'),
  },
});

export const facebook = createRoute({
  method: 'post',
  path: '/facebook/authenticate',
  operationId: 'facebookAuthenticate',
  tags: ['Social sign-in'],
  summary: 'Sign in or register with Facebook',
  description:
    `Spec §7. mode login behaves as /logingoogle, register as /registergoogleuser; the account gets the isFacebook flag (FBO when Facebook is its only way in). ${LINKING} ` +
    "Facebook's ID tokens carry no email_verified: register with emailVerified false answers 202 CHECK_EMAIL (as POST /register does, whether or not the address is known) and creates a NEW account " +
    'with the address unconfirmed and the identity linked, plus a confirmation link by email (it signs in); an address that has an account gets the "already registered" email and nothing is linked. ' +
    'Until the link is opened, a sign-in by that identity answers 403 EMAIL_NOT_CONFIRMED and a fresh link is sent.',
  request: claims(FacebookBodySchema),
  responses: {
    200: jsonContent(SignedInSchema, 'Signed in: a new session.'),
    202: jsonContent(CheckEmailSchema, 'Registration with an unverified address: check your email.'),
    ...commonErrors,
    403: problemContent('EMAIL_NOT_CONFIRMED: the account this identity registered is not confirmed yet (a fresh link is sent).'),
    404: problemContent('EMAIL_NOT_REGISTERED (mode login).'),
    423: problemContent('ACCOUNT_LOCKED.'),
  },
});

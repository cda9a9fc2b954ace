import { z } from '@hono/zod-openapi';
import { createRoute, jsonContent, problemContent } from '@shop/platform';
import {
  AccountStatusSchema,
  AnonymiseBodySchema,
  ChangePasswordBodySchema,
  CustomerTokenCheckSchema,
  ProfileBodySchema,
  ResetRequestedSchema,
  SignedInSchema,
  UserResponseSchema,
} from '../contract.ts';
import { commonErrors, OPTIONAL_SESSION_SECURITY, SESSION_SECURITY, sessionErrors } from '../lib/http.ts';

const body = <T>(schema: T, description: string) => ({ body: { required: true, description, content: { 'application/json': { schema } } } });

export const getUser = createRoute({
  method: 'get',
  path: '/user',
  operationId: 'getUser',
  tags: ['User'],
  summary: 'The signed-in user, or whether a customer token is valid',
  description:
    'Without ct: the user of the session in x-session-token (401 UNAUTHENTICATED without a live one). ' +
    'With ct (spec §7 GET user?ct=, read as data.valid): whether that customer token belongs to a live (not anonymised) account; needs no session.',
  security: OPTIONAL_SESSION_SECURITY,
  request: {
    query: z.object({
      ct: z
        .string()
        .max(200)
        .optional()
        .openapi({ description: 'A customer token to check (valid ones have at least 10 characters, spec §9).', example: '0123456789abcdef0123456789abcdef' }),
    }),
  },
  responses: {
    200: jsonContent(z.union([UserResponseSchema, CustomerTokenCheckSchema]), 'The user (no ct), or { data: { valid } } (ct).'),
    ...commonErrors,
    ...sessionErrors,
  },
});

export const updateUser = createRoute({
  method: 'put',
  path: '/user',
  operationId: 'updateUser',
  tags: ['User'],
  summary: 'Change the names of the signed-in user',
  description: 'Only firstName and lastName: any other key (id, email, customerToken, status…) is refused with 400 naming it (reliability Z4).',
  security: SESSION_SECURITY,
  request: body(ProfileBodySchema, 'user { firstName, lastName } (domain profileSchema).'),
  responses: { 200: jsonContent(UserResponseSchema, 'The user as changed.'), ...commonErrors, ...sessionErrors },
});

export const changePassword = createRoute({
  method: 'patch',
  path: '/user/password',
  operationId: 'changePassword',
  tags: ['User'],
  summary: 'Change the password (the current one is needed)',
  description:
    'Spec §5 second reading: 400 lists every failing rule of the new password (one error each). On success every session of the account ends, ' +
    'outstanding reset and activation links are void, and a NEW session is returned (rotation).',
  security: SESSION_SECURITY,
  request: body(ChangePasswordBodySchema, 'passwordChange { currentPassword, newPassword, confirmPassword }.'),
  responses: {
    200: jsonContent(SignedInSchema, 'Changed; the new session replaces every old one.'),
    ...commonErrors,
    401: problemContent('WRONG_PASSWORD (the current password is not right), UNAUTHENTICATED (no live session) or UNAUTHORISED (service token).'),
  },
});

export const accountStatus = createRoute({
  method: 'get',
  path: '/user/account-status',
  operationId: 'accountStatus',
  tags: ['User'],
  summary: 'Whether the signed-in account is active, locked or unconfirmed, and its VIP status',
  description: 'LOCKED after too many wrong passwords (a reset unlocks it); UNCONFIRMED until the emailed confirmation link is used; ACTIVE otherwise. vipStatus is a spec §3 subscription status.',
  security: SESSION_SECURITY,
  responses: { 200: jsonContent(AccountStatusSchema, 'The status.'), ...commonErrors, ...sessionErrors },
});

export const anonymise = createRoute({
  method: 'post',
  path: '/user/anonymize',
  operationId: 'anonymiseUser',
  tags: ['User'],
  summary: 'Erase the personal data of the signed-in account',
  description:
    'Email, names, password, social logins, the email subscription, the outbox copies of their mail and every session are erased; the row, its id and customer token stay for anonymised financial records. ' +
    'Accounts with a password must give it (re-authentication, ASVS 7.5.1). Accounts without one (express, social only) confirm by email: without `token` a single-use link ' +
    '(PUBLIC_BASE_URL/myaccount/delete?token=, 30 minutes, stored hashed) is emailed and the answer is 202 CHECK_EMAIL; with the link\'s `token`, sent from a session of the same account, the account is erased.',
  security: SESSION_SECURITY,
  request: body(AnonymiseBodySchema, '{ password } when the account has one; { } to be sent the link, { token } to confirm, when it has none.'),
  responses: {
    202: jsonContent(ResetRequestedSchema, 'No password: the confirmation link is on its way.'),
    204: { description: 'Erased; the session is gone.' },
    ...commonErrors,
    400: problemContent('Bad input (errors[]), or INVALID_LINK: the token is not a live link of this account.'),
    401: problemContent('WRONG_PASSWORD, UNAUTHENTICATED (no live session) or UNAUTHORISED (service token).'),
    403: problemContent('EMAIL_NOT_CONFIRMED: no password and the address is not confirmed, so no link can prove it.'),
  },
});

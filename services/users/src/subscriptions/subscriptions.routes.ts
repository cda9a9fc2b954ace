import { z } from '@hono/zod-openapi';
import { createRoute, jsonContent } from '@shop/platform';
import { CheckEmailSchema, EmailPreferencesBodySchema, EmailPreferencesResponseSchema, MyEmailPreferencesSchema, SubscribeBodySchema, TokenBodySchema } from '../contract.ts';
import { commonErrors, SESSION_SECURITY, sessionErrors } from '../lib/http.ts';

const body = <T>(schema: T, description: string) => ({ body: { required: true, description, content: { 'application/json': { schema } } } });
const INVALID = ' 400 INVALID_LINK when the token is not a live link.';

export const subscribe = createRoute({
  method: 'post',
  path: '/subscription',
  operationId: 'subscribe',
  tags: ['Email preferences'],
  summary: 'Subscribe an address to deals emails (double opt-in)',
  description:
    'Always 202 CHECK_EMAIL: the address gets a confirmation link (PUBLIC_BASE_URL/email/confirm?token=, 7 days), or, when it is already subscribed, its preferences link. ' +
    'Nothing changes until the link is used. Rate-limited per client address and per email.',
  request: body(SubscribeBodySchema, '{ email, source } (domain subscribeSchema).'),
  responses: { 202: jsonContent(CheckEmailSchema, 'Check your email.'), ...commonErrors },
});

export const confirm = createRoute({
  method: 'post',
  path: '/subscription/confirm',
  operationId: 'confirmSubscription',
  tags: ['Email preferences'],
  summary: 'Confirm a subscription from the emailed link',
  description: `Single use.${INVALID}`,
  request: body(TokenBodySchema, 'The token of the link.'),
  responses: { 200: jsonContent(EmailPreferencesResponseSchema, 'Subscribed; the answer carries the signed preferences token.'), ...commonErrors },
});

export const getPreferences = createRoute({
  method: 'get',
  path: '/email/preferences',
  operationId: 'getEmailPreferences',
  tags: ['Email preferences'],
  summary: 'Read the email preferences of a signed link (no login)',
  description: `The token is the HMAC-signed preferences token of the emails' links; it does not expire.${INVALID}`,
  request: {
    query: z.object({
      token: z.string().min(1).max(300).openapi({ description: 'The signed preferences token.', example: 'p1.1.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ' }),
    }),
  },
  responses: { 200: jsonContent(EmailPreferencesResponseSchema, 'The preferences.'), ...commonErrors },
});

export const putPreferences = createRoute({
  method: 'put',
  path: '/email/preferences',
  operationId: 'setEmailPreferences',
  tags: ['Email preferences'],
  summary: 'Choose topics and frequency',
  description: `Signed token, no login.${INVALID}`,
  request: body(EmailPreferencesBodySchema, '{ token, topics, frequency } (domain emailPreferencesSchema).'),
  responses: { 200: jsonContent(EmailPreferencesResponseSchema, 'The preferences as saved.'), ...commonErrors },
});

export const unsubscribe = createRoute({
  method: 'post',
  path: '/email/preferences/unsubscribe',
  operationId: 'unsubscribe',
  tags: ['Email preferences'],
  summary: 'Unsubscribe from deals emails',
  description: `Signed token, no login. Subscribing again needs a new confirmation.${INVALID}`,
  request: body(TokenBodySchema, 'The signed preferences token.'),
  responses: { 200: jsonContent(EmailPreferencesResponseSchema, 'Unsubscribed (subscribed false).'), ...commonErrors },
});

export const myPreferences = createRoute({
  method: 'get',
  path: '/user/email-preferences',
  operationId: 'myEmailPreferences',
  tags: ['Email preferences'],
  summary: "The signed-in account's email preferences, with the signed preferences token",
  description:
    "For the account pages: the subscription of the account's own address (its preferences link token included, so the page can link to /email/preferences?token=). " +
    'null when the address has no subscription, or when the address is not confirmed (the token manages the address, so only its proven owner gets it).',
  security: SESSION_SECURITY,
  responses: { 200: jsonContent(MyEmailPreferencesSchema, 'The preferences, or null.'), ...commonErrors, ...sessionErrors },
});

import { createRoute, jsonContent } from '@shop/platform';
import { TokenBodySchema } from '../contract.ts';
import { commonErrors, SESSION_SECURITY, sessionErrors } from '../lib/http.ts';
import { AlertPreferencesBodySchema, AlertPreferencesResponseSchema, AlertUnsubscribedSchema } from './alerts.contract.ts';

const body = <T>(schema: T, description: string) => ({ body: { required: true, description, content: { 'application/json': { schema } } } });

export const myAlertPreferences = createRoute({
  method: 'get',
  path: '/user/alert-preferences',
  operationId: 'myWishlistAlertPreferences',
  tags: ['Email preferences'],
  summary: "The signed-in account's wish list alerts: price drops and back on sale, each on or off",
  description: 'Both are on until the shopper turns one off (here, or with the link in one of those emails).',
  security: SESSION_SECURITY,
  responses: { 200: jsonContent(AlertPreferencesResponseSchema, 'Which alerts the account gets.'), ...commonErrors, ...sessionErrors },
});

export const putAlertPreferences = createRoute({
  method: 'put',
  path: '/user/alert-preferences',
  operationId: 'setWishlistAlertPreferences',
  tags: ['Email preferences'],
  summary: "Turns the signed-in account's wish list alerts on or off",
  description: 'A kind left out stays as it is. Any other key is refused with 400 naming it.',
  security: SESSION_SECURITY,
  request: body(AlertPreferencesBodySchema, '{ priceDrops?, backInStock? }'),
  responses: { 200: jsonContent(AlertPreferencesResponseSchema, 'Which alerts the account gets now.'), ...commonErrors, ...sessionErrors },
});

export const unsubscribeAlert = createRoute({
  method: 'post',
  path: '/email/alerts/unsubscribe',
  operationId: 'unsubscribeWishlistAlert',
  tags: ['Email preferences'],
  summary: 'Turns one kind of wish list alert off from the link in such an email (no login)',
  description:
    'The token is the signed link token of one kind for one account at its address (a1.…); it does not expire, and using it again changes nothing. ' +
    '400 INVALID_LINK when it is not one of ours, or the account\'s address has changed or been erased since.',
  request: body(TokenBodySchema, 'The signed alert token.'),
  responses: { 200: jsonContent(AlertUnsubscribedSchema, 'That kind is off.'), ...commonErrors },
});

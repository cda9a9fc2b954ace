/**
 * Typed client of the users service's wish list alert routes (services/users/src/alerts, issue 19
 * point 2), parsed with the service's own contract: the signed-in account's two kinds, and the
 * signed unsubscribe link of one kind (no login).
 */
import type { z } from 'zod';
import { AlertPreferencesResponseSchema, AlertUnsubscribedSchema } from '@shop/users/alerts/alerts.contract';
import type { RestClient } from './rest-client.ts';

export type WishlistAlertPreferencesData = z.infer<typeof AlertPreferencesResponseSchema>['data'];
export type WishlistAlertUnsubscribedData = z.infer<typeof AlertUnsubscribedSchema>['data'];

const session = (token: string) => ({ 'x-session-token': token });

export interface WishlistAlertsClient {
  preferences(sessionToken: string): Promise<WishlistAlertPreferencesData>;
  update(sessionToken: string, input: Partial<WishlistAlertPreferencesData>): Promise<WishlistAlertPreferencesData>;
  unsubscribe(token: string): Promise<WishlistAlertUnsubscribedData>;
}

export function createWishlistAlertsClient(rest: RestClient): WishlistAlertsClient {
  return {
    async preferences(sessionToken) {
      return (await rest.send('GET', '/user/alert-preferences', { headers: session(sessionToken), parser: AlertPreferencesResponseSchema })).data;
    },
    async update(sessionToken, input) {
      return (await rest.send('PUT', '/user/alert-preferences', { headers: session(sessionToken), body: input, parser: AlertPreferencesResponseSchema })).data;
    },
    async unsubscribe(token) {
      return (await rest.send('POST', '/email/alerts/unsubscribe', { body: { token }, parser: AlertUnsubscribedSchema })).data;
    },
  };
}

/**
 * Wish list alert preferences as JSON (services/users README "Wish list alerts"): the gateway
 * parses the answers with these schemas.
 */
import { z } from '@hono/zod-openapi';
import { WISHLIST_ALERT_KINDS } from '@shop/domain/wishlist-alerts';

const Preferences = z
  .object({
    priceDrops: z.boolean().openapi({ description: 'Emails when a deal on the wish list gets at least 5% cheaper.' }),
    backInStock: z.boolean().openapi({ description: 'Emails when a sold-out or ended deal on the wish list can be bought again.' }),
  })
  .openapi('WishlistAlertPreferences');

export const AlertPreferencesResponseSchema = z.object({ data: Preferences }).openapi('WishlistAlertPreferencesResponse');

export const AlertPreferencesBodySchema = z
  .strictObject({
    priceDrops: z.boolean({ error: 'Give true or false.' }).optional(),
    backInStock: z.boolean({ error: 'Give true or false.' }).optional(),
  })
  .openapi('WishlistAlertPreferencesRequest');

export const AlertUnsubscribedSchema = z
  .object({
    data: z.object({
      kind: z.enum(WISHLIST_ALERT_KINDS).openapi({ description: 'The kind now turned off.' }),
      email: z.string().openapi({ description: 'The address it no longer goes to.' }),
    }),
  })
  .openapi('WishlistAlertUnsubscribed');

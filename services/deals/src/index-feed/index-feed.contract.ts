/**
 * The search index feed's contract (GET /index/deals): one light document per deal, live or
 * closed, in id order. The search service's indexer parses the feed with these schemas.
 */
import { z } from '@hono/zod-openapi';
import { MoneySchema } from '../contract.ts';

export const IndexDealSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    headline: z.string(),
    merchantName: z.string(),
    locationSlug: z.string().openapi({ example: 'glasgow' }),
    isTravel: z.boolean(),
    isNational: z.boolean(),
    categorySlug: z.string(),
    categoryName: z.string(),
    subcategorySlug: z.string().nullable(),
    subcategoryName: z.string().nullable(),
    tags: z.array(z.string()).openapi({ description: 'Lower-case tags, e.g. "afternoon tea", "gifts for mum".' }),
    price: MoneySchema,
    headlinePrice: MoneySchema.openapi({
      description: 'The price shown first: the cheapest option with the postage a shopper cannot avoid (domain/src/headline-price.ts). Search sorts and filters on it.',
    }),
    vipPrice: MoneySchema.nullable(),
    discountPercentage: z.number().int(),
    headlineDiscountPercentage: z.number().int().openapi({ description: 'The saving beside headlinePrice (original price + the same postage), whole percent.' }),
    soldCount: z.number().int(),
    createdAt: z.string().openapi({ description: 'ISO 8601.' }),
    closingDate: z.string().nullable().openapi({ description: 'ISO 8601; null for evergreen deals. Closed deals are in the feed too.' }),
    vipExclusive: z.boolean(),
    url: z.string().openapi({ description: 'Path of the deal page (the Deal\'s shareUrl).' }),
    lat: z.number().openapi({ description: 'Latitude of the merchant.' }),
    lon: z.number().openapi({ description: 'Longitude of the merchant.' }),
  })
  .openapi('IndexDeal');

export const IndexDealsResponseSchema = z
  .object({
    deals: z.array(IndexDealSchema),
    nextAfter: z.number().int().nullable().openapi({ description: 'Pass as `after` for the next page; null at the end of the feed.' }),
  })
  .openapi('IndexDeals');

export type IndexDeal = z.infer<typeof IndexDealSchema>;
export type IndexDealsResponse = z.infer<typeof IndexDealsResponseSchema>;

/** Most documents one feed page returns. */
export const INDEX_FEED_MAX_LIMIT = 1000;

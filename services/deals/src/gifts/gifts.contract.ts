/**
 * The gift-finder feed's answer (spec §7 "category feed with gift filters, pageSize (default 12),
 * facetedNavigation=true"; issue 19 point 3): a page of gifts and, when asked, the counts of every
 * recipient, personality and price band given the other filters.
 */
import { z } from '@hono/zod-openapi';
import { DealListSearchResultSchema, DealSchema, LocationSchema } from '../contract.ts';

const FacetSchema = z.object({
  id: z.string().openapi({ example: 'mum' }),
  label: z.string().openapi({ example: 'Mum' }),
  count: z.number().int().openapi({ description: 'Live gifts with this value and the other filters as asked.' }),
});

export const GiftFacetsSchema = z
  .object({
    recipients: z.array(FacetSchema.extend({ tag: z.string().openapi({ example: 'gifts-for-mum' }) })),
    personalities: z.array(FacetSchema),
    priceBands: z.array(FacetSchema),
    count: z.number().int().openapi({ description: 'Live gifts matching every filter (totalResults).' }),
  })
  .openapi('GiftFacets');

export const GiftsResponseSchema = z
  .object({
    deals: z.array(DealSchema),
    searchResult: DealListSearchResultSchema,
    location: LocationSchema.nullable().openapi({ description: 'The location asked for; null for every location (/gifts).' }),
    facetedNavigation: GiftFacetsSchema.nullable().openapi({ description: 'Null unless facetedNavigation=true.' }),
  })
  .openapi('Gifts');

export type Gifts = z.infer<typeof GiftsResponseSchema>;
export type GiftFacets = z.infer<typeof GiftFacetsSchema>;

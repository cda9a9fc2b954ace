/**
 * The paid-campaign landing page's data (issue 19 point 8; spec §2 /welcome, page type ppc).
 */
import { commonErrors, createRoute, jsonContent, notFoundContent } from '@shop/platform';
import { z } from '@hono/zod-openapi';
import { DealSchema, DealListSearchResultSchema } from '../contract.ts';
import { pageQuery } from '../lists/common.ts';
import { CAMPAIGN_SLUG, CAMPAIGN_SLUG_MAX, WELCOME_PAGE_SIZE } from '@shop/domain/deal-preview';

/** Deals a landing page shows at once. */
export const CAMPAIGN_PAGE_SIZE = WELCOME_PAGE_SIZE;

export const CampaignSchema = z
  .object({
    slug: z.string().openapi({ example: 'glasgow-spa-days' }),
    headline: z.string(),
    description: z.string(),
  })
  .openapi('Campaign');

export const WelcomeCampaignResponseSchema = z
  .object({
    campaign: CampaignSchema,
    matched: z.boolean().openapi({ description: 'true: the campaign asked for; false: the default one (none asked, unknown or ended).' }),
    deals: z.array(DealSchema),
    searchResult: DealListSearchResultSchema,
  })
  .openapi('WelcomeCampaign');
export type WelcomeCampaignResponse = z.infer<typeof WelcomeCampaignResponseSchema>;

export const getWelcomeCampaign = createRoute({
  method: 'get',
  path: '/welcome-campaign',
  operationId: 'getWelcomeCampaign',
  tags: ['Campaigns'],
  summary: 'A paid campaign running now with a page of its live deals, or the default campaign when none is named or it is unknown or over',
  description:
    'A paid campaign running now with a page of its live deals in its order, or the default campaign when none is named, or the one named is unknown or over ' +
    '(a paid click never lands on a 404). 404 only when no campaign runs at all.',
  request: {
    query: z.object({
      campaign: z
        .string()
        .regex(CAMPAIGN_SLUG, 'Must be a lower-case slug (letters, digits and hyphens).')
        .max(CAMPAIGN_SLUG_MAX)
        .optional()
        .openapi({ description: 'The campaign slug (?campaign= or utm_campaign= of the landing page link).', example: 'glasgow-spa-days' }),
      ...pageQuery(CAMPAIGN_PAGE_SIZE),
    }),
  },
  responses: { 200: jsonContent(WelcomeCampaignResponseSchema, 'The campaign and a page of its deals.'), ...commonErrors(), ...notFoundContent() },
});

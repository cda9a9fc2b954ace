/**
 * The deal preview (issue 19 point 6; spec §7 GET /preview-deal/{id}): a deal as its page will
 * show it, whether live or not yet, with its status. Who may see a preview is the gateway's
 * decision (the deal's merchant or the shop's staff); this service answers only callers with the
 * service credential, like every route of it.
 */
import { commonErrors, createRoute, jsonContent, notFoundContent } from '@shop/platform';
import { z } from '@hono/zod-openapi';
import { DealSchema } from '../contract.ts';
import { IdList, NumericId } from '../lib/http.ts';
import { UPCOMING_LIST_MAX } from './preview.store.ts';

export const PREVIEW_STATUSES = ['draft', 'scheduled', 'live', 'closed'] as const;

export const DealPreviewSchema = z
  .object({
    status: z.enum(PREVIEW_STATUSES).openapi({
      description: 'draft: not scheduled yet; scheduled: goes live at liveFrom; live: on sale now; closed: its closing date has passed.',
    }),
    liveFrom: z.string().nullable().openapi({ description: 'When a scheduled deal goes live (ISO 8601); null otherwise.', example: '2026-12-13T09:00:00.000Z' }),
    deal: DealSchema,
  })
  .openapi('DealPreview');
export type DealPreview = z.infer<typeof DealPreviewSchema>;

export const DealPreviewsSchema = z.object({ previews: z.array(DealPreviewSchema) }).openapi('DealPreviews');

export const getDealPreview = createRoute({
  method: 'get',
  path: '/preview-deal/{dealId}',
  operationId: 'getDealPreview',
  tags: ['Deal preview'],
  summary: 'A deal as its page will show it, live or not yet (a draft or a scheduled deal), with its status',
  description:
    'A deal as its page will show it, live or not yet (a draft or a scheduled deal), with its status. The caller decides who may see it: ' +
    'a deal that is not live is never in a list, the search feed, a basket or a hold.',
  request: { params: z.object({ dealId: NumericId('dealId', 'deal', '950000001') }) },
  responses: { 200: jsonContent(DealPreviewSchema, 'The deal and its status.'), ...commonErrors(), ...notFoundContent() },
});

export const listUpcomingDeals = createRoute({
  method: 'get',
  path: '/preview-deals',
  operationId: 'listUpcomingDeals',
  tags: ['Deal preview'],
  summary: `The deals of these merchants that are not live yet (at most ${UPCOMING_LIST_MAX}): scheduled by when they go live, then drafts`,
  description: `The deals of these merchants that are not live yet (at most ${UPCOMING_LIST_MAX}): scheduled ones by when they go live, then drafts.`,
  request: { query: z.object({ merchantIds: IdList('merchant').openapi({ param: { name: 'merchantIds', in: 'query' }, example: '1,2' }) }) },
  responses: { 200: jsonContent(DealPreviewsSchema, 'The upcoming deals (none: an empty list).'), ...commonErrors() },
});

import { commonErrors, createRoute, jsonContent, problemContent } from '@shop/platform';
import {
  ActivityQuerySchema, ClubActivityBodySchema, ClubActivityResultSchema, CustomerQuerySchema, ExchangeBodySchema, ExchangeParamsSchema, ExchangeResultSchema,
  PointsEventsSchema, RewardDetailsSchema, RunOrderPointsBodySchema, RunOrderPointsResultSchema, ShareBodySchema, ViewBodySchema,
} from './contract.ts';

/** The answers every rewards route can give (401, 413 and 500 in the platform's words). */
const rewardsErrors = commonErrors({ 400: 'Bad input: errors[] names each invalid field with its message.' });

export const getDetails = createRoute({
  method: 'get',
  path: '/reward/details',
  operationId: 'getRewardDetails',
  tags: ['Rewards'],
  summary: "The customer's loyalty profile (spec §7 GET /reward/details, §3 Loyalty profile)",
  description: 'Level, points, pending points, points to the next level and the exchange rates; a customer never seen is Pink with 0 points.',
  request: { query: CustomerQuerySchema },
  responses: { 200: jsonContent(RewardDetailsSchema, 'The profile.'), ...rewardsErrors },
});

export const getActivity = createRoute({
  method: 'get',
  path: '/reward/activity',
  operationId: 'getRewardActivity',
  tags: ['Rewards'],
  summary: "The customer's points history, newest first",
  description: 'Every points event: order points pending, available or removed, shares, views and exchanges.',
  request: { query: ActivityQuerySchema },
  responses: { 200: jsonContent(PointsEventsSchema, 'The events, newest first.'), ...rewardsErrors },
});

export const postExchange = createRoute({
  method: 'post',
  path: '/reward/exchange-points/{value}',
  operationId: 'exchangePoints',
  tags: ['Rewards'],
  summary: 'Exchange points for wallet credit (spec §7 POST {club exchange}/{value})',
  description:
    'Takes value points and credits the wallet at the level rate in one transaction; never below 0 under concurrency. Idempotent by ref. ' +
    'Refusals are 422 with the spec §5 words: NOT_ENOUGH_POINTS, LEVEL_TOO_LOW (Pink) or POINTS_OUT_OF_RANGE, errors[] naming value.',
  request: { params: ExchangeParamsSchema, body: { required: true, description: 'Who and the idempotency ref.', content: { 'application/json': { schema: ExchangeBodySchema } } } },
  responses: {
    201: jsonContent(ExchangeResultSchema, 'Exchanged; the profile after.'),
    200: jsonContent(ExchangeResultSchema, 'This ref had already exchanged: nothing moved.'),
    422: problemContent('Refused (NOT_ENOUGH_POINTS, LEVEL_TOO_LOW, POINTS_OUT_OF_RANGE), errors[] names value with the spec §5 message.'),
    ...rewardsErrors,
  },
});

const activityResponses = { 200: jsonContent(ClubActivityResultSchema, 'Recorded; the points earned after the daily caps.'), ...rewardsErrors };

export const postBulk = createRoute({
  method: 'post',
  path: '/reward/bulkPublishEvents',
  operationId: 'bulkPublishEvents',
  tags: ['Rewards'],
  summary: 'Club activity in bulk (spec §7 club activity body)',
  description: 'Shares and views; each deal counts once per kind and London day, and at most 3 shares and 10 views a day earn points.',
  request: { body: { required: true, description: 'The club activity body.', content: { 'application/json': { schema: ClubActivityBodySchema } } } },
  responses: activityResponses,
});

export const postShare = createRoute({
  method: 'post',
  path: '/reward/shareDeal',
  operationId: 'shareDeal',
  tags: ['Rewards'],
  summary: 'Deals shared (spec §7 POST /reward/shareDeal)',
  description: 'As bulkPublishEvents with shares only.',
  request: { body: { required: true, description: 'The shares.', content: { 'application/json': { schema: ShareBodySchema } } } },
  responses: activityResponses,
});

export const postView = createRoute({
  method: 'post',
  path: '/reward/viewDeal',
  operationId: 'viewDeal',
  tags: ['Rewards'],
  summary: 'Deals viewed (spec §7 POST /reward/viewDeal)',
  description: 'As bulkPublishEvents with views only.',
  request: { body: { required: true, description: 'The views.', content: { 'application/json': { schema: ViewBodySchema } } } },
  responses: activityResponses,
});

export const postRunOrderPoints = createRoute({
  method: 'post',
  path: '/reward/order-points/run',
  operationId: 'runOrderPoints',
  tags: ['Rewards'],
  summary: "Run the order points settle job now (operators, the shop's own job)",
  description:
    'Settles pending order points (recorded when the order was paid) past the 14-day refund window, as at asOf (default now), for one customer or all: available, fewer for a part refund, removed if refunded. ' +
    '503 ORDERS_UNAVAILABLE where the service runs without the shop (it cannot see the orders). ' +
    'An asOf ahead of now is refused naming asOf unless the shop allows it (test shops).',
  request: { body: { required: false, description: 'When and for whom.', content: { 'application/json': { schema: RunOrderPointsBodySchema } } } },
  responses: { 200: jsonContent(RunOrderPointsResultSchema, 'What the run did.'), ...rewardsErrors, 503: problemContent('The service runs without the shop: it cannot see the orders (code ORDERS_UNAVAILABLE).') },
});

/**
 * The rewards service (README.md is the contract): the loyalty club's points, levels, club
 * activity and the exchange of points for wallet credit. The shop mounts it under /api/rewards;
 * the gateway calls `app.fetch` on paths without that prefix.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { createServiceApp, problem, problemResponse } from '@shop/platform';
import { LOYALTY_LEVELS, CLUB_ACTIVITY_DAILY_CAP, CLUB_ACTIVITY_POINTS, POINTS_PENDING_DAYS, POINTS_PER_POUND, type LoyaltyLevel } from '@shop/domain';
import type { Kysely } from 'kysely';
import type { RewardsDb } from './db/database.ts';
import { exchangePoints, loyaltyOf, pointsEvents, recordClubActivity, RewardsError, settleOrderPoints, type OrderStanding } from './points.ts';
import * as routes from './routes.ts';

export const REWARDS_BASE_PATH = '/api/rewards';

export interface RewardsAppOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop passes its one schema-agnostic handle
  db: RewardsDb | Kysely<any>;
  /** Callers must send it in x-service-token (everything but the docs). */
  serviceToken: string;
  /** Public path the app is mounted at, used in the OpenAPI servers (default /api/rewards). */
  basePath?: string;
  /** How an order stands now, for settling its points (the shop passes the checkout's; without it the run route answers 503). */
  standing?: OrderStanding;
  /** POST /reward/order-points/run may run as at a later instant (test shops only: it settles points early). */
  runAheadAllowed?: boolean;
  /** The clock (tests; default the system's). */
  now?: () => Date;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

/** How points are earned, in words (spec §3 loyaltyActivityDescriptions). */
export const LOYALTY_ACTIVITY_DESCRIPTIONS = [
  `${POINTS_PER_POUND} points for every whole £1 you pay by card or other payment method (not wallet credit), available ${POINTS_PENDING_DAYS} days after your order if it is not refunded.`,
  `${CLUB_ACTIVITY_POINTS.share} points for sharing a deal, up to ${CLUB_ACTIVITY_DAILY_CAP.share} deals a day.`,
  `${CLUB_ACTIVITY_POINTS.view} point for viewing a deal, up to ${CLUB_ACTIVITY_DAILY_CAP.view} deals a day.`,
];

const level = (l: LoyaltyLevel) => ({ name: l.name, colour: l.colour, threshold: l.threshold, exchangeRate: l.exchangeRate });

export async function rewardDetails(db: RewardsDb, customerToken: string) {
  const p = await loyaltyOf(db, customerToken);
  return {
    currentLevel: level(p.currentLevel),
    nextLevel: p.nextLevel ? level(p.nextLevel) : null,
    lifetimePoints: p.lifetimePoints,
    currentPoints: p.currentPoints,
    pendingPoints: p.pendingPoints,
    pointsToNextLevel: p.pointsToNextLevel,
    exchangeRate: p.exchangeRate,
    playerActivityCountVO: { points: p.currentPoints },
    loyaltyActivityDescriptions: LOYALTY_ACTIVITY_DESCRIPTIONS,
    levels: LOYALTY_LEVELS.map(level),
  };
}

export function createRewardsApp(options: RewardsAppOptions): OpenAPIHono {
  const db = options.db as RewardsDb;
  const now = options.now ?? (() => new Date());
  const app = createServiceApp({
    title: 'Rewards service',
    version: '1.0.0',
    description:
      'The loyalty club (spec §3 Loyalty profile, §5 Loyalty exchange, §7 Club and rewards): an append-only points ledger per customer, five levels by lifetime points, ' +
      'club activity capped per day, and the exchange of points for wallet credit (integer pence) in one transaction with the wallet ledger.',
    serviceToken: options.serviceToken,
    basePath: options.basePath ?? REWARDS_BASE_PATH,
    tags: [{ name: 'Rewards', description: 'Points, levels, club activity and exchanges.' }],
    log: options.log,
  });

  app.openapi(routes.getDetails, async (c) => c.json(await rewardDetails(db, c.req.valid('query').customerToken), 200));

  app.openapi(routes.getActivity, async (c) => {
    const { customerToken, limit, before } = c.req.valid('query');
    const take = limit ?? 20;
    const events = await pointsEvents(db, customerToken, { limit: take + 1, ...(before ? { before } : {}) });
    return c.json({ events: events.slice(0, take).map(({ ref: _ref, ...e }) => ({ ...e, createdAt: e.createdAt.toISOString() })), hasMore: events.length > take }, 200);
  });

  app.openapi(routes.postExchange, async (c) => {
    const { value } = c.req.valid('param');
    const { customerToken, ref } = c.req.valid('json');
    let result;
    try {
      result = await exchangePoints(db, { customerToken, points: value, ref, now: now() });
    } catch (err) {
      // Two requests with one ref at once: the loser's transaction rolled back; answer the winner's exchange.
      if (!(err instanceof RewardsError)) throw err;
      result = await exchangePoints(db, { customerToken, points: value, ref, now: now() });
    }
    if (!result.ok) {
      return problemResponse(c, problem(422, result.refusal.code, { title: 'Unprocessable content', detail: result.refusal.message, errors: [{ field: 'value', message: result.refusal.message }] }));
    }
    return c.json({ points: result.points, creditPence: result.creditPence, replayed: result.replayed, details: await rewardDetails(db, customerToken) }, result.replayed ? 200 : 201);
  });

  app.openapi(routes.postBulk, async (c) => {
    const body = c.req.valid('json');
    return c.json(await recordClubActivity(db, { customerToken: body.customerToken, now: now(), shareDeal: body.shareDeal, viewDeal: body.viewDeal }), 200);
  });
  app.openapi(routes.postShare, async (c) => {
    const body = c.req.valid('json');
    return c.json(await recordClubActivity(db, { customerToken: body.customerToken, now: now(), shareDeal: body.shareDeal, viewDeal: [] }), 200);
  });
  app.openapi(routes.postView, async (c) => {
    const body = c.req.valid('json');
    return c.json(await recordClubActivity(db, { customerToken: body.customerToken, now: now(), shareDeal: [], viewDeal: body.viewDeal }), 200);
  });
  app.openapi(routes.postRunOrderPoints, async (c) => {
    const body = (c.req.header('content-type')?.includes('json') ? c.req.valid('json') : undefined) ?? {};
    const at = now();
    const asOf = body.asOf ? new Date(body.asOf) : at;
    const ahead = options.runAheadAllowed ? 30 * 24 * 3600 * 1000 : 60_000;
    if (asOf.getTime() < at.getTime() - 60_000 || asOf.getTime() > at.getTime() + ahead) {
      return problemResponse(c, problem(400, 'VALIDATION_FAILED', { title: 'Bad request', detail: 'Give an instant from now.', errors: [{ field: 'asOf', message: options.runAheadAllowed ? 'Give an instant from now to 30 days ahead.' : 'Give an instant within a minute of now.' }] }));
    }
    if (!options.standing) return problemResponse(c, problem(503, 'ORDERS_UNAVAILABLE', { title: 'Service unavailable', detail: 'Order points are settled by the shop, which knows the orders.' }));
    return c.json(await settleOrderPoints(db, { now: asOf, standing: options.standing, ...(body.customerToken ? { customerToken: body.customerToken } : {}) }), 200);
  });
  return app;
}

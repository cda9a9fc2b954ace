/**
 * The points ledger (README.md "The ledger"). Every change is one transaction that appends a
 * points_event (unique per kind and ref: idempotent) and moves the member row by a conditional
 * update, so a balance can never go below 0 under concurrency (the check constraint backs it).
 */
import { sql, type Kysely } from 'kysely';
import {
  CLUB_ACTIVITY_DAILY_CAP, CLUB_ACTIVITY_POINTS, exchangeRefusal, exchangeValuePence, londonDate, loyaltyProfile, pointsForPayment, POINTS_PENDING_DAYS,
  type ClubActivityKind, type ExchangeRefusal, type LoyaltyProfile,
} from '@shop/domain';
import { CUSTOMER_TOKEN_PATTERN } from '@shop/platform';
import { creditWallet } from '@shop/wallet';
import type { RewardsDb } from './db/database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- module functions take the caller's Transaction<any>
type AnyDb = Kysely<any>;

export class RewardsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RewardsError';
  }
}

export const POINTS_EVENT_KINDS = ['order_pending', 'order_settled', 'order_removed', 'share', 'view', 'exchange'] as const;
export type PointsEventKind = (typeof POINTS_EVENT_KINDS)[number];

export interface MemberPoints {
  customerToken: string;
  points: number;
  pending: number;
  lifetime: number;
}

export interface PointsEvent {
  id: number;
  kind: PointsEventKind;
  ref: string;
  points: number;
  pending: number;
  description: string;
  createdAt: Date;
}

const num = (v: unknown) => Number(v);

function checkToken(token: string): void {
  if (typeof token !== 'string' || !CUSTOMER_TOKEN_PATTERN.test(token)) throw new RewardsError('customerToken is not a customer token.');
}

async function ensureMember(trx: AnyDb, customerToken: string): Promise<void> {
  checkToken(customerToken);
  await sql`insert into rewards.member (customer_token) values (${customerToken}) on conflict do nothing`.execute(trx);
}

/** Appends an event; false when (kind, ref) was already recorded (nothing moved). */
async function appendEvent(trx: AnyDb, e: { customerToken: string; kind: PointsEventKind; ref: string; points: number; pending: number; description: string; now: Date }): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`insert into rewards.points_event (customer_token, kind, ref, points, pending, description, created_at)
    values (${e.customerToken}, ${e.kind}, ${e.ref}, ${e.points}, ${e.pending}, ${e.description}, ${e.now})
    on conflict (kind, ref) do nothing returning id`.execute(trx);
  return rows.length === 1;
}

/** Moves the member's cached figures; lifetime grows by every positive change of points. */
async function moveMember(trx: AnyDb, customerToken: string, points: number, pending: number, now: Date): Promise<void> {
  await sql`update rewards.member set points = points + ${points}, pending = pending + ${pending},
    lifetime = lifetime + ${Math.max(points, 0)}, updated_at = ${now} where customer_token = ${customerToken}`.execute(trx);
}

export async function memberPoints(db: RewardsDb, customerToken: string): Promise<MemberPoints> {
  const row = (await sql<{ points: number; pending: number; lifetime: number }>`select points, pending, lifetime from rewards.member where customer_token = ${customerToken}`.execute(db)).rows[0];
  return { customerToken, points: num(row?.points ?? 0), pending: num(row?.pending ?? 0), lifetime: num(row?.lifetime ?? 0) };
}

export async function loyaltyOf(db: RewardsDb, customerToken: string): Promise<LoyaltyProfile & { pendingPoints: number }> {
  const m = await memberPoints(db, customerToken);
  return { ...loyaltyProfile({ lifetimePoints: m.lifetime, currentPoints: m.points }), pendingPoints: m.pending };
}

/** The customer's points history, newest first; `before` is an event id (keyset paging). */
export async function pointsEvents(db: RewardsDb, customerToken: string, options: { limit: number; before?: number }): Promise<PointsEvent[]> {
  const before = options.before ?? Number.MAX_SAFE_INTEGER;
  const { rows } = await sql<{ id: string; kind: PointsEventKind; ref: string; points: number; pending: number; description: string; created_at: Date | string }>`
    select id, kind, ref, points, pending, description, created_at from rewards.points_event
    where customer_token = ${customerToken} and id < ${before} order by id desc limit ${options.limit}`.execute(db);
  return rows.map((r) => ({ id: num(r.id), kind: r.kind, ref: r.ref, points: num(r.points), pending: num(r.pending), description: r.description, createdAt: new Date(r.created_at) }));
}

/**
 * Records a paid order's points as pending (once per order): 10 per whole pound paid in cash,
 * available after the 14-day refund window (settleOrderPoints).
 */
export async function recordOrderPoints(
  trx: AnyDb,
  input: { orderId: string; orderNumber?: string; customerToken: string; paidPence: number; paidAt: Date; now?: Date },
): Promise<{ recorded: boolean; points: number }> {
  const points = pointsForPayment(input.paidPence);
  if (points === 0) return { recorded: false, points: 0 };
  await ensureMember(trx, input.customerToken);
  const availableAt = new Date(input.paidAt.getTime() + POINTS_PENDING_DAYS * 24 * 3600 * 1000);
  const { rows } = await sql`insert into rewards.order_points (order_id, customer_token, paid_pence, points, state, paid_at, available_at)
    values (${input.orderId}, ${input.customerToken}, ${input.paidPence}, ${points}, 'pending', ${input.paidAt}, ${availableAt})
    on conflict (order_id) do nothing returning order_id`.execute(trx);
  if (rows.length === 0) return { recorded: false, points };
  const label = input.orderNumber ? `order ${input.orderNumber}` : 'an order';
  await appendEvent(trx, { customerToken: input.customerToken, kind: 'order_pending', ref: input.orderId, points: 0, pending: points, description: `Points for ${label}: pending until the refund window closes`, now: input.now ?? new Date() });
  await moveMember(trx, input.customerToken, 0, points, input.now ?? new Date());
  return { recorded: true, points };
}

/** How often the shop settles order points (gateway/src/server.ts, leased). */
export const SETTLE_ORDER_POINTS_EVERY_MS = 60_000;

/**
 * What an order looks like now: what is left paid in cash after refunds, and whether it still
 * stands. The shop passes the checkout's (it owns orders: @shop/checkout orderStanding).
 */
export type OrderStanding = (trx: AnyDb, orderId: string) => Promise<{ paidPence: number; refundedPence: number; stands: boolean } | null>;

/**
 * The settle job (leased, every few minutes): each pending order whose refund window has passed,
 * or that has been refunded in full meanwhile, in its own transaction (row locked, skip locked):
 * its points become available (fewer for a part refund) or are removed. Crash-safe: a crash
 * rolls the row's transaction back and the next run takes it again.
 */
export async function settleOrderPoints(db: RewardsDb, options: { now: Date; standing: OrderStanding; batch?: number; customerToken?: string }): Promise<{ settled: number; removed: number }> {
  const only = options.customerToken ?? null;
  let settled = 0;
  let removed = 0;
  const batch = options.batch ?? 100;
  for (let i = 0; i < batch; i++) {
    const done = await db.transaction().execute(async (trx) => {
      const row = (
        await sql<{ order_id: string; customer_token: string; points: number; available_at: Date | string }>`select order_id, customer_token, points, available_at from rewards.order_points
          where state = 'pending' and available_at <= ${options.now} and (${only}::text is null or customer_token = ${only}) order by available_at limit 1 for update skip locked`.execute(trx)
      ).rows[0];
      if (!row) return null;
      const standing = await options.standing(trx, row.order_id);
      const left = standing && standing.stands ? Math.max(standing.paidPence - standing.refundedPence, 0) : 0;
      const points = Math.min(pointsForPayment(left), num(row.points));
      const state = points > 0 ? 'available' : 'removed';
      await sql`update rewards.order_points set state = ${state}, settled_at = ${options.now} where order_id = ${row.order_id} and state = 'pending'`.execute(trx);
      const kind = points > 0 ? 'order_settled' : 'order_removed';
      const description = points > 0 ? (points < num(row.points) ? 'Order points now available (part refunded)' : 'Order points now available') : 'Order points removed: the order was refunded';
      await appendEvent(trx, { customerToken: row.customer_token, kind, ref: row.order_id, points, pending: -num(row.points), description, now: options.now });
      await moveMember(trx, row.customer_token, points, -num(row.points), options.now);
      return state;
    });
    if (done === null) break;
    if (done === 'available') settled++;
    else removed++;
  }
  return { settled, removed };
}

export type ClubActivityResult = { kind: ClubActivityKind; dealId: string; points: number; counted: boolean };

/**
 * Club activity (spec §7 shareDeal / viewDeal): each counts once per customer, deal, kind and
 * London day (primary key) and at most the daily cap per kind (a conditional upsert of the day's
 * count): farming more earns nothing.
 */
export async function recordClubActivity(
  db: RewardsDb,
  input: { customerToken: string; now: Date; shareDeal: Array<{ dealId: string; publisherSource?: string | null }>; viewDeal: Array<{ dealId: string; locationSite?: string | null }> },
): Promise<{ points: number; results: ClubActivityResult[] }> {
  checkToken(input.customerToken);
  const day = londonDate(input.now);
  const items: Array<{ kind: ClubActivityKind; dealId: string; source: string | null }> = [
    ...input.shareDeal.map((s) => ({ kind: 'share' as const, dealId: s.dealId, source: s.publisherSource ?? null })),
    ...input.viewDeal.map((v) => ({ kind: 'view' as const, dealId: v.dealId, source: v.locationSite ?? null })),
  ];
  const results: ClubActivityResult[] = [];
  let total = 0;
  for (const item of items) {
    const counted = await db.transaction().execute(async (trx) => {
      await ensureMember(trx, input.customerToken);
      const fresh = await sql`insert into rewards.club_activity (customer_token, deal_id, kind, day, source) values (${input.customerToken}, ${item.dealId}, ${item.kind}, ${day}, ${item.source})
        on conflict do nothing returning deal_id`.execute(trx);
      if (fresh.rows.length === 0) return false;
      const cap = CLUB_ACTIVITY_DAILY_CAP[item.kind];
      const slot = await sql`insert into rewards.club_day as d (customer_token, kind, day, counted) values (${input.customerToken}, ${item.kind}, ${day}, 1)
        on conflict (customer_token, kind, day) do update set counted = d.counted + 1 where d.counted < ${cap} returning counted`.execute(trx);
      if (slot.rows.length === 0) return false;
      const points = CLUB_ACTIVITY_POINTS[item.kind];
      const description = item.kind === 'share' ? 'Points for sharing a deal' : 'Points for viewing a deal';
      await appendEvent(trx, { customerToken: input.customerToken, kind: item.kind, ref: `${input.customerToken}:${item.dealId}:${day}`, points, pending: 0, description, now: input.now });
      await moveMember(trx, input.customerToken, points, 0, input.now);
      return true;
    });
    const points = counted ? CLUB_ACTIVITY_POINTS[item.kind] : 0;
    total += points;
    results.push({ kind: item.kind, dealId: item.dealId, points, counted });
  }
  return { points: total, results };
}

export type ExchangeResult =
  | { ok: true; points: number; creditPence: number; replayed: boolean; member: MemberPoints }
  | { ok: false; refusal: ExchangeRefusal };

/** The wallet bucket exchanged points are credited to (README: promotional credit). */
export const EXCHANGE_WALLET_BUCKET = 'marketing' as const;

/**
 * Exchanges `points` for wallet credit at the customer's level rate, in ONE transaction: the
 * conditional debit of rewards.member (points >= the amount, else refused with nothing written),
 * the exchange row and event, and the wallet credit (creditWallet, ref `rewards-exchange:<customer>:<ref>`).
 * The same ref again answers the first exchange and moves nothing.
 */
export async function exchangePoints(db: RewardsDb, input: { customerToken: string; points: number; ref: string; now: Date }): Promise<ExchangeResult> {
  checkToken(input.customerToken);
  if (typeof input.ref !== 'string' || input.ref.length < 1 || input.ref.length > 200) throw new RewardsError('ref must be 1 to 200 characters.');
  return db.transaction().execute(async (trx) => {
    const prior = (await sql<{ points: number; credit_pence: number }>`select points, credit_pence from rewards.exchange where customer_token = ${input.customerToken} and ref = ${input.ref}`.execute(trx)).rows[0];
    if (prior) return { ok: true as const, points: num(prior.points), creditPence: num(prior.credit_pence), replayed: true, member: await memberPoints(trx, input.customerToken) };
    const before = await memberPoints(trx, input.customerToken);
    const profile = loyaltyProfile({ lifetimePoints: before.lifetime, currentPoints: before.points });
    const refusal = exchangeRefusal(profile, input.points);
    if (refusal) return { ok: false as const, refusal };
    const creditPence = exchangeValuePence(input.points, profile.exchangeRate);
    // The guard: only a balance still covering the points is debited (a concurrent exchange may have spent it).
    const debited = await sql`update rewards.member set points = points - ${input.points}, updated_at = ${input.now}
      where customer_token = ${input.customerToken} and points >= ${input.points} returning points`.execute(trx);
    if (debited.rows.length === 0) {
      const now = await memberPoints(trx, input.customerToken);
      return { ok: false as const, refusal: exchangeRefusal(loyaltyProfile({ lifetimePoints: now.lifetime, currentPoints: now.points }), input.points) ?? { code: 'NOT_ENOUGH_POINTS', message: "You don't have enough points" } };
    }
    const inserted = await sql`insert into rewards.exchange (customer_token, ref, points, credit_pence, level, created_at)
      values (${input.customerToken}, ${input.ref}, ${input.points}, ${creditPence}, ${profile.currentLevel.name}, ${input.now}) on conflict do nothing returning ref`.execute(trx);
    if (inserted.rows.length === 0) throw new RewardsError('A concurrent exchange used this ref.');
    const walletRef = `rewards-exchange:${input.customerToken}:${input.ref}`;
    await appendEvent(trx, { customerToken: input.customerToken, kind: 'exchange', ref: walletRef, points: -input.points, pending: 0, description: `Exchanged for £${(creditPence / 100).toFixed(2)} wallet credit`, now: input.now });
    await creditWallet(trx, { customerToken: input.customerToken, currency: 'GBP', amount: creditPence, bucket: EXCHANGE_WALLET_BUCKET, reason: `Loyalty points exchanged (${input.points} points)`, ref: walletRef });
    return { ok: true as const, points: input.points, creditPence, replayed: false, member: await memberPoints(trx, input.customerToken) };
  });
}

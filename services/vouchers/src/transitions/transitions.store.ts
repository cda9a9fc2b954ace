/**
 * Every status change of a voucher, as the database enforces it (issue 16 point 2): one statement
 * that locks the vouchers still in a status the event may leave, with its guards (domain
 * voucher-status: the table), moves them to the event's status and appends the event row of each. A voucher someone
 * else moved first is no longer in such a status, so it is not returned: of 32 concurrent
 * redemptions of one code exactly one gets a row back (reliability M9).
 */
import { sql, type RawBuilder } from 'kysely';
import { REDEMPTION_UNDO_MINUTES, VOUCHER_GUARDS, VOUCHER_TRANSITIONS, type VoucherActor, type VoucherContext, type VoucherEvent, type VoucherGuardName } from '@shop/domain/voucher-status';
import type { AnyDb } from '../db/database.ts';

/**
 * The guards that read the voucher's own dates, as SQL on the row being moved (`v`) at `at`: the
 * database checks them under the row's lock, so an extension or a clock edge between a read and
 * the update cannot slip through. The refund window is spec §9's 14 days in London (domain
 * refundableUntil: until midnight London at the start of day 15 after the contract day).
 */
const SQL_GUARDS: Partial<Record<VoucherGuardName, (at: Date, actor: VoucherActor, actorRef: string | null) => RawBuilder<unknown>>> = {
  notExpired: (at) => sql`(v.expires_at is null or v.expires_at > ${at}::timestamptz)`,
  validityPassed: (at) => sql`(v.expires_at is not null and v.expires_at <= ${at}::timestamptz)`,
  refundWindow: (at, actor) =>
    actor === 'staff' ? sql`true` : sql`${at}::timestamptz < ((((v.paid_at at time zone 'Europe/London')::date + 15)::timestamp) at time zone 'Europe/London')`,
  // The undo reads the voucher's latest redeem event: when, by which business (its actor_ref), from which status.
  undoWindow: (at) => sql`(${latestRedeem(sql`e.at`)} between ${new Date(at.getTime() - REDEMPTION_UNDO_MINUTES * 60_000)}::timestamptz and ${at}::timestamptz)`,
  sameBusiness: (_at, _actor, actorRef) => sql`(${latestRedeem(sql`e.actor_ref`)} = ${actorRef})`,
  redeemedFromReady: () => sql`(${latestRedeem(sql`e.from_status`)} = 'Ready to Redeem')`,
  redeemedFromBooked: () => sql`(${latestRedeem(sql`e.from_status`)} = 'Booked')`,
};

/** One column of the latest redeem event of the voucher being moved (`v`); the index voucher_event (voucher_id, id) finds it. */
function latestRedeem(column: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(select ${column} from vouchers.voucher_event e where e.voucher_id = v.id and e.event = 'redeem' order by e.id desc limit 1)`;
}

/**
 * The `where` of a move: the statuses the event leaves for this actor, each with its rule's
 * guards (the dates and the redemption in SQL; the deal's kind from `context`, which the caller
 * read from the deal), and the status each rule leads to (`to`: the first rule that holds, as
 * `transition` decides). Null when no rule can apply.
 */
function allowedFrom(event: VoucherEvent, actor: VoucherActor, at: Date, actorRef: string | null, context: VoucherContext): { where: RawBuilder<unknown>; to: RawBuilder<unknown> } | null {
  const rules = VOUCHER_TRANSITIONS.filter((r) => r.event === event && r.actors.includes(actor) && r.guards.every((g) => SQL_GUARDS[g] || VOUCHER_GUARDS[g](context, actor)));
  if (rules.length === 0) return null;
  const ruleSql = rules.map((r) => {
    const guards = r.guards.flatMap((g) => SQL_GUARDS[g]?.(at, actor, actorRef) ?? []);
    return sql`(v.status = ${r.from}${guards.length ? sql` and ${sql.join(guards, sql` and `)}` : sql``})`;
  });
  const targets = new Set(rules.map((r) => r.to));
  const to = targets.size === 1 ? sql`${rules[0]!.to}::text` : sql`case ${sql.join(rules.map((r, i) => sql`when ${ruleSql[i]!} then ${r.to}::text`), sql` `)} end`;
  return { where: sql`(${sql.join(ruleSql, sql` or `)})`, to };
}

/**
 * Which vouchers: by id, by code, every voucher of an order, or (a job's batch) up to `batch` of
 * any the rule's guards let through, soonest expiry first, skipping rows another transaction holds.
 */
export type VoucherSelector = { id: string } | { code: string } | { codes: readonly string[] } | { orderId: string } | { batch: number };

export interface MoveSpec {
  event: VoucherEvent;
  actor: VoucherActor;
  /** Who, where known (a merchant's id, a staff name). */
  actorRef?: string | null;
  reason: string;
  at: Date;
  /** Only the holder's own vouchers (a shopper's action). */
  holder?: string;
  /** Only vouchers of these deals (a merchant's action: their own deals). */
  dealIds?: readonly number[];
  /** What the non-date guards read: whether the deal is booked or is goods. */
  context?: VoucherContext;
}

export interface MovedVoucher {
  id: string;
  code: string;
  title: string;
  from: string;
  to: string;
}

/** Moves the selected vouchers by `spec.event`; the ones moved (none: not found, or not in a status the event leaves). */
export async function moveVouchers(trx: AnyDb, which: VoucherSelector, spec: MoveSpec): Promise<MovedVoucher[]> {
  const allowed = allowedFrom(spec.event, spec.actor, spec.at, spec.actorRef ?? null, spec.context ?? {});
  if (!allowed) return [];
  const selector =
    'id' in which
      ? sql`v.id = ${which.id}::uuid`
      : 'code' in which
        ? sql`v.code = ${which.code}`
        : 'codes' in which
          ? sql`v.code = any(${[...which.codes]}::text[])`
          : 'orderId' in which
            ? sql`v.order_id = ${which.orderId}::uuid`
            : sql`true`;
  // Rows locked in one order (no deadlock between two moves of an order's vouchers); a batch takes the soonest due and leaves locked rows for its next run.
  const locking = 'batch' in which ? sql`order by v.expires_at, v.id limit ${which.batch} for update skip locked` : sql`order by v.id for update`;
  const holder = spec.holder === undefined ? sql`` : sql`and v.customer_token = ${spec.holder}`;
  const deals = spec.dealIds === undefined ? sql`` : sql`and v.deal_id = any(${[...spec.dealIds]}::int[])`;
  const { rows } = await sql<MovedVoucher>`
    with old as (
      select v.id, v.status, ${allowed.to} as to_status from vouchers.voucher v
      where ${selector} ${holder} ${deals} and ${allowed.where}
      ${locking}
    ), moved as (
      update vouchers.voucher v set status = old.to_status, updated_at = ${spec.at}
      from old where v.id = old.id
      returning v.id, v.code, v.title, old.status as "from", v.status as "to"
    ), logged as (
      insert into vouchers.voucher_event (voucher_id, event, from_status, to_status, actor, actor_ref, reason, at)
      select id, ${spec.event}, "from", "to", ${spec.actor}, ${spec.actorRef ?? null}, ${spec.reason}, ${spec.at}::timestamptz from moved
    )
    select id, code, title, "from", "to" from moved order by code`.execute(trx);
  return rows;
}

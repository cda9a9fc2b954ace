/**
 * VIP membership (spec §3 vipUser/userVipStatus, §9 £4.99 a year): the module functions the
 * checkout's paying transaction calls (architecture: only the order transaction crosses services,
 * through functions that take the transaction). A paid membership is granted in the transaction
 * that records the payment, and taken back in the one that records a payment declined at
 * settlement. The account keeps the current end (account.vip_valid_until); each grant and
 * revocation is an append-only users.vip_membership_event row beside it.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SubscriptionStatus } from '@shop/domain/accounts';

/** A membership lasts a year from payment (spec §9: £4.99 a year); a renewal adds a year to what is left. */
export const VIP_MEMBERSHIP_MONTHS = 12;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's schema-agnostic transaction (the checkout's)
type AnyTrx = Transaction<any> | Kysely<any>;

function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/** The membership as it is at `now`: an end date decides (ACTIVE until it, RENEW after); without one, the stored flags. */
export function vipOf(row: { vipUser: boolean; vipStatus: SubscriptionStatus; vipValidUntil: Date | null }, now: Date): { vipUser: boolean; vipStatus: SubscriptionStatus; vipValidUntil: Date | null } {
  if (!row.vipValidUntil) return { vipUser: row.vipUser, vipStatus: row.vipStatus, vipValidUntil: null };
  const active = row.vipValidUntil.getTime() > now.getTime();
  return { vipUser: active, vipStatus: active ? 'ACTIVE' : 'RENEW', vipValidUntil: row.vipValidUntil };
}

export type GrantResult = { granted: true; validUntil: Date; again: boolean } | { granted: false; reason: 'NO_ACCOUNT' };

/**
 * Grants a year of VIP membership for a paid order, inside the caller's transaction: from now,
 * or from the end of a membership still running. Idempotent per order (`again` when it was
 * granted already). NO_ACCOUNT when the customer token names no live account.
 */
export async function grantVipMembership(trx: AnyTrx, input: { customerToken: string; orderRef: string; now: Date }): Promise<GrantResult> {
  const { rows } = await sql<{ id: string | number; vip_valid_until: Date | null; vip_status: SubscriptionStatus }>`
    select id, vip_valid_until, vip_status from users.account
    where customer_token = ${input.customerToken} and anonymised_at is null for update`.execute(trx);
  const account = rows[0];
  if (!account) return { granted: false, reason: 'NO_ACCOUNT' };
  const done = await sql<{ valid_until_after: Date }>`
    select valid_until_after from users.vip_membership_event where order_ref = ${input.orderRef} and kind = 'granted'`.execute(trx);
  if (done.rows[0]) return { granted: true, validUntil: new Date(done.rows[0].valid_until_after), again: true };
  const before = account.vip_valid_until ? new Date(account.vip_valid_until) : null;
  const from = before && before.getTime() > input.now.getTime() ? before : input.now;
  const until = addMonths(from, VIP_MEMBERSHIP_MONTHS);
  await sql`update users.account set vip_valid_until = ${until}, vip_user = true, vip_status = 'ACTIVE', updated_at = ${input.now} where id = ${account.id}`.execute(trx);
  await sql`insert into users.vip_membership_event (user_id, order_ref, kind, valid_until_before, valid_until_after, status_before, at)
    values (${account.id}, ${input.orderRef}, 'granted', ${before}, ${until}, ${account.vip_status}, ${input.now})`.execute(trx);
  return { granted: true, validUntil: until, again: false };
}

export type RevokeResult = { revoked: true; validUntil: Date | null } | { revoked: false; reason: 'NOT_GRANTED' | 'ALREADY_REVOKED' };

/**
 * Takes back the membership an order granted (its payment was declined at settlement, or the
 * member cancelled within 14 days: `cancelled`), inside the caller's transaction: exactly what that order added, so a later renewal keeps its own
 * year. Once per order.
 */
export async function revokeVipMembership(trx: AnyTrx, input: { orderRef: string; now: Date; cancelled?: boolean }): Promise<RevokeResult> {
  const granted = (
    await sql<{ user_id: string | number; valid_until_before: Date | null; valid_until_after: Date; status_before: SubscriptionStatus; at: Date }>`
      select user_id, valid_until_before, valid_until_after, status_before, at from users.vip_membership_event
      where order_ref = ${input.orderRef} and kind = 'granted'`.execute(trx)
  ).rows[0];
  if (!granted) return { revoked: false, reason: 'NOT_GRANTED' };
  const account = (await sql<{ vip_valid_until: Date | null; vip_status: SubscriptionStatus }>`
    select vip_valid_until, vip_status from users.account where id = ${granted.user_id} for update`.execute(trx)).rows[0];
  if (!account) return { revoked: false, reason: 'NOT_GRANTED' };
  const after = new Date(granted.valid_until_after);
  const before = granted.valid_until_before ? new Date(granted.valid_until_before) : null;
  const at = new Date(granted.at);
  const current = account.vip_valid_until ? new Date(account.vip_valid_until) : null;
  // What this grant added: from its start (now, or the end of a running membership) to its end.
  const added = after.getTime() - Math.max(at.getTime(), before?.getTime() ?? 0);
  const until = !current || current.getTime() === after.getTime() ? before : new Date(current.getTime() - added);
  const active = until !== null && until.getTime() > input.now.getTime();
  // Cancelled by the member (issue 18): they were a member, so they are known to be able to join again.
  const status: SubscriptionStatus = until === null ? (input.cancelled ? 'ELIGIBLE' : granted.status_before) : active ? 'ACTIVE' : 'RENEW';
  const inserted = await sql<{ id: string }>`insert into users.vip_membership_event (user_id, order_ref, kind, valid_until_before, valid_until_after, status_before, at)
    values (${granted.user_id}, ${input.orderRef}, 'revoked', ${current}, ${until}, ${account.vip_status}, ${input.now})
    on conflict (order_ref, kind) do nothing returning id`.execute(trx);
  if (!inserted.rows[0]) return { revoked: false, reason: 'ALREADY_REVOKED' };
  await sql`update users.account set vip_valid_until = ${until}, vip_user = ${active}, vip_status = ${status}, updated_at = ${input.now} where id = ${granted.user_id}`.execute(trx);
  return { revoked: true, validUntil: until };
}

/** The membership events of an account, oldest first (history and audit). */
export async function vipMembershipEvents(db: AnyTrx, customerToken: string) {
  const { rows } = await sql<{ order_ref: string; kind: 'granted' | 'revoked'; valid_until_before: Date | null; valid_until_after: Date | null; at: Date }>`
    select e.order_ref, e.kind, e.valid_until_before, e.valid_until_after, e.at from users.vip_membership_event e
    join users.account a on a.id = e.user_id where a.customer_token = ${customerToken} order by e.id`.execute(db);
  return rows.map((r) => ({ orderRef: r.order_ref, kind: r.kind, validUntilBefore: r.valid_until_before ? new Date(r.valid_until_before) : null, validUntilAfter: r.valid_until_after ? new Date(r.valid_until_after) : null, at: new Date(r.at) }));
}

/** When the account's VIP membership ends (null: none, or no such live account). */
export async function vipValidUntil(db: AnyTrx, customerToken: string): Promise<Date | null> {
  const { rows } = await sql<{ vip_valid_until: Date | null }>`
    select vip_valid_until from users.account where customer_token = ${customerToken} and anonymised_at is null`.execute(db);
  return rows[0]?.vip_valid_until ? new Date(rows[0].vip_valid_until) : null;
}

/**
 * The memberships that end in (now, horizon]: for each, the order that bought it (the grant whose
 * end is the account's current end, never revoked), the account's email and that end; by order
 * ref, `limit` after `afterOrderRef` (keyset paging). A module function for the checkout's "ends
 * on" reminder job, which owns the orders and the outbox.
 */
export async function vipMembershipsEnding(
  db: AnyTrx,
  input: { now: Date; horizon: Date; limit: number; afterOrderRef?: string },
): Promise<Array<{ orderRef: string; email: string; validUntil: Date }>> {
  const after = input.afterOrderRef ?? '';
  const { rows } = await sql<{ order_ref: string; email: string; valid_until: Date | string }>`
    select g.order_ref, a.email, a.vip_valid_until as valid_until
    from users.account a
    join users.vip_membership_event g on g.user_id = a.id and g.kind = 'granted' and g.valid_until_after = a.vip_valid_until
    where a.anonymised_at is null and a.email is not null
      and a.vip_valid_until > ${input.now} and a.vip_valid_until <= ${input.horizon}
      and g.order_ref > ${after}
      and not exists (select 1 from users.vip_membership_event r where r.order_ref = g.order_ref and r.kind = 'revoked')
    order by g.order_ref
    limit ${input.limit}`.execute(db);
  return rows.map((r) => ({ orderRef: r.order_ref, email: r.email, validUntil: new Date(r.valid_until) }));
}

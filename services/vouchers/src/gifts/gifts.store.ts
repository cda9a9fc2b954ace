/**
 * Gifts in the database (README "Gifts"): each call one statement on the handle given first. The
 * claim is one conditional update of the gift (`claimed_at is null`) that moves its vouchers and
 * appends their 'claim' events in the same statement: of two claims at once exactly one finds the
 * gift unclaimed (the second waits for the first's row lock and then no longer matches).
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Insertable, type Selectable } from 'kysely';
import { inVouchers, type AnyDb } from '../db/database.ts';
import type { GiftTable, VoucherTable } from '../db/tables.ts';

export type GiftRow = Selectable<GiftTable>;

/** A new claim token: 192 random bits, 32 base64url characters. Only its hash is stored. */
export const newGiftToken = (): string => randomBytes(24).toString('base64url');
export const giftTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Writes a gift, points its vouchers at it and appends a 'gift' event each (the status stays), in
 * one statement. `holder`: only vouchers this customer holds that are Ready to Redeem, not expired
 * and not in a gift still unclaimed (a holder's gift); null: the order's vouchers as the paying
 * transaction just wrote them. The vouchers pointed at it.
 */
export async function insertGift(trx: AnyDb, gift: Insertable<GiftTable>, voucherIds: readonly string[], holder: string | null, at: Date): Promise<string[]> {
  if (voucherIds.length === 0) return [];
  const holderGuard = holder === null
    ? sql`true`
    : sql`v.customer_token = ${holder} and v.status = 'Ready to Redeem' and (v.expires_at is null or v.expires_at > ${at}::timestamptz)
        and (v.gift_id is null or exists (select 1 from vouchers.gift o where o.id = v.gift_id and o.claimed_at is not null))`;
  const { rows } = await sql<{ id: string }>`
    with chosen as (
      select v.id from vouchers.voucher v where v.id = any(${sql.val([...voucherIds])}::uuid[]) and ${holderGuard} for update of v
    ), g as (
      insert into vouchers.gift (id, token_hash, source, order_id, giver_token, giver_name, recipient_name, recipient_email, message, created_at, mail_subject, mail_text, send_on)
      select ${gift.id}, ${gift.token_hash}, ${gift.source}, ${gift.order_id ?? null}, ${gift.giver_token ?? null}, ${gift.giver_name}, ${gift.recipient_name},
        ${gift.recipient_email}, ${gift.message ?? null}, ${at}::timestamptz, ${gift.mail_subject ?? null}, ${gift.mail_text ?? null}, ${gift.send_on ?? null}
      where exists (select 1 from chosen)
      returning id
    ), pointed as (
      update vouchers.voucher v set gift_id = (select id from g), updated_at = ${at}::timestamptz
      where v.id in (select id from chosen) and exists (select 1 from g)
      returning v.id, v.status
    ), events as (
      insert into vouchers.voucher_event (voucher_id, event, from_status, to_status, actor, actor_ref, reason, at)
      select id, 'gift', status, status, 'shopper', null, ${`Sent as a gift to ${gift.recipient_name}`}, ${at}::timestamptz from pointed
    )
    select id from pointed`.execute(trx);
  return rows.map((r) => r.id);
}

/** The SQL condition of a gift's voucher that its claim can still move: Ready to Redeem, still the giver's. */
const GIVABLE_VOUCHER = (v: string, g: string) =>
  sql`${sql.ref(`${v}.status`)} = 'Ready to Redeem' and ${sql.ref(`${v}.customer_token`)} is not distinct from ${sql.ref(`${g}.giver_token`)}`;

/** The same test in JS, for the preview of an unclaimed gift. */
export const canStillBeClaimed = (v: { status: string; customer_token: string | null }, gift: { giver_token: string | null }): boolean =>
  v.status === 'Ready to Redeem' && v.customer_token === gift.giver_token;

/**
 * A voucher received as a gift: a claim once moved it to another holder (its 'claim' event). The
 * money is the buyer's, so whoever holds it now may not refund it, exchange it for credit or
 * return it (README "Gifts"), and its price is not shown to them. A SQL condition on a voucher id
 * reference, for the where of a conditional update or a select:
 * `... where v.id = $1 and not ${receivedGiftSql('v.id')}` (default 'v.id').
 * (Once the gift is claimed the buyer no longer holds it; a voucher gifted back to its buyer stays
 * a received gift: the cautious answer.)
 */
export const receivedGiftSql = (voucherIdRef = 'v.id') =>
  sql<boolean>`exists (select 1 from vouchers.voucher_event ce where ce.voucher_id = ${sql.ref(voucherIdRef)} and ce.event = 'claim')`;

/** The same for one voucher read (e.g. before answering a refund or a return), on the handle given. */
export async function isReceivedGift(db: AnyDb, voucherId: string): Promise<boolean> {
  const { rows } = await sql<{ received: boolean }>`select ${receivedGiftSql('v.id')} as received from vouchers.voucher v where v.id = ${voucherId}::uuid`.execute(db);
  return rows[0]?.received === true;
}

export type ClaimOutcome = { ok: true; gift: GiftRow } | { ok: false; reason: 'not_found' | 'already_claimed' | 'own_gift' | 'no_longer_available' };

/**
 * Claims the gift of `tokenHash` for `claimant`: the gift claimed, its vouchers that can still be
 * given (Ready to Redeem and still held by the giver: not used, refunded, exchanged, returned or
 * expired since) held by the claimant, a 'claim' event each, in one statement; none that can: the
 * gift stays unclaimed and the claim is refused (no_longer_available). Otherwise why not: unknown,
 * or claimed by someone else (both not_found, identical), already claimed by this claimant, or the
 * giver's own.
 */
export async function claimGift(db: AnyDb, c: { tokenHash: string; claimant: string; claimantName: string; at: Date }): Promise<ClaimOutcome> {
  const { rows } = await sql<GiftRow>`
    with g0 as (
      select id, giver_token from vouchers.gift
      where token_hash = ${c.tokenHash} and claimed_at is null and giver_token is distinct from ${c.claimant}
      for update
    ), movable as (
      select v.id from vouchers.voucher v join g0 on v.gift_id = g0.id
      where ${GIVABLE_VOUCHER('v', 'g0')}
      for update of v
    ), g as (
      update vouchers.gift set claimed_at = ${c.at}::timestamptz, claimed_by = ${c.claimant}, claimed_by_name = ${c.claimantName}
      where id in (select id from g0) and claimed_at is null and exists (select 1 from movable)
      returning *
    ), moved as (
      update vouchers.voucher v set customer_token = ${c.claimant}, updated_at = ${c.at}::timestamptz
      from g where v.gift_id = g.id and v.id in (select id from movable)
      returning v.id, v.status, g.giver_name
    ), events as (
      insert into vouchers.voucher_event (voucher_id, event, from_status, to_status, actor, actor_ref, reason, at)
      select id, 'claim', status, status, 'shopper', null, 'Gift from ' || giver_name || ' claimed', ${c.at}::timestamptz from moved
    )
    select * from g`.execute(db);
  if (rows[0]) return { ok: true, gift: rows[0] };
  const gift = await giftByHash(db, c.tokenHash);
  if (!gift) return { ok: false, reason: 'not_found' };
  if (gift.claimed_by === c.claimant) return { ok: false, reason: 'already_claimed' };
  if (gift.claimed_at !== null) return { ok: false, reason: 'not_found' };
  if (gift.giver_token !== null && gift.giver_token === c.claimant) return { ok: false, reason: 'own_gift' };
  return { ok: false, reason: 'no_longer_available' };
}

export async function giftByHash(db: AnyDb, tokenHash: string): Promise<GiftRow | undefined> {
  return inVouchers(db).selectFrom('gift').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export type GiftVoucherRow = { id: string; gift_id: string | null; customer_token: string | null; title: string; deal_id: number; deal_product_id: number; status: GiftRowStatus; expires_at: Date | string | null; created_at: Date | string };
type GiftRowStatus = Selectable<VoucherTable>['status'];

/** The vouchers of these gifts, as issued. */
export async function vouchersOfGifts(db: AnyDb, giftIds: readonly string[]): Promise<GiftVoucherRow[]> {
  if (giftIds.length === 0) return [];
  return inVouchers(db)
    .selectFrom('voucher')
    .select(['id', 'gift_id', 'customer_token', 'title', 'deal_id', 'deal_product_id', 'status', 'expires_at', 'created_at'])
    .where('gift_id', 'in', [...giftIds])
    .orderBy('created_at')
    .orderBy('code')
    .execute();
}

/** The gifts a customer sent (newest first, at most `limit`). */
export async function giftsSentBy(db: AnyDb, giver: string, limit = 50): Promise<GiftRow[]> {
  return inVouchers(db).selectFrom('gift').selectAll().where('giver_token', '=', giver).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** A holder's gift mail not handed over yet (oldest first). */
export async function claimUnsentGiftMail(db: AnyDb, now: Date, leaseMs: number, limit: number): Promise<GiftRow[]> {
  // Claimed in one statement (skip locked: two senders at once take different gifts).
  const { rows } = await sql<GiftRow>`update vouchers.gift set mail_claimed_until = ${new Date(now.getTime() + leaseMs)}
    where id in (
      select id from vouchers.gift
      where mail_text is not null and mail_sent_at is null and (mail_claimed_until is null or mail_claimed_until < ${now})
      order by created_at limit ${limit} for update skip locked)
    returning *`.execute(db);
  return rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
}

/** The relay refused it: free the claim so the next run tries again at once. */
export async function releaseGiftMail(db: AnyDb, id: string): Promise<void> {
  await inVouchers(db).updateTable('gift').set({ mail_claimed_until: null }).where('id', '=', id).where('mail_sent_at', 'is', null).execute();
}

/** Handed over: the text (and the link in it) is no longer kept. */
export async function markGiftMailSent(db: AnyDb, id: string, at: Date): Promise<void> {
  await inVouchers(db).updateTable('gift').set({ mail_sent_at: at, mail_text: null }).where('id', '=', id).execute();
}

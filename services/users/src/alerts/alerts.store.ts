/**
 * Wish list alert preferences (issue 19 point 2; users.alert_opt_out): each kind is on for an
 * account unless a row says it is off. `wishlistAlertRecipients` is the module function the
 * shop's alerts job calls (services/wishlist/src/alerts/): who among the customers holding a deal
 * gets that kind of email, at which address, with the signed link that turns the kind off.
 */
import { sql, type Kysely } from 'kysely';
import { WISHLIST_ALERT_KINDS, type WishlistAlertKind } from '@shop/domain/wishlist-alerts';
import type { UsersDb } from '../db/database.ts';
import { createLinks } from '../lib/links.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the caller's handle or transaction, any schema
type AnyDb = Kysely<any>;

export type WishlistAlertPreferences = Record<WishlistAlertKind, boolean>;

/** Which kinds the account gets (on unless turned off). */
export async function alertPreferencesOf(db: AnyDb, userId: number): Promise<WishlistAlertPreferences> {
  const { rows } = await sql<{ kind: string }>`select kind from users.alert_opt_out where user_id = ${userId}`.execute(db);
  const off = new Set(rows.map((r) => r.kind));
  return Object.fromEntries(WISHLIST_ALERT_KINDS.map((k) => [k, !off.has(k)])) as WishlistAlertPreferences;
}

/** Turns the kinds given on or off (the others stay); idempotent. */
export async function setAlertPreferences(db: AnyDb, userId: number, wanted: Partial<WishlistAlertPreferences>, now: Date): Promise<WishlistAlertPreferences> {
  for (const kind of WISHLIST_ALERT_KINDS) {
    const on = wanted[kind];
    if (on === undefined) continue;
    if (on) await sql`delete from users.alert_opt_out where user_id = ${userId} and kind = ${kind}`.execute(db);
    else await sql`insert into users.alert_opt_out (user_id, kind, opted_out_at) values (${userId}, ${kind}, ${now}) on conflict do nothing`.execute(db);
  }
  return alertPreferencesOf(db, userId);
}

export interface AlertRecipient {
  email: string;
  /** The absolute unsubscribe link of this kind (PUBLIC_BASE_URL/email/alerts?token=…). */
  unsubscribeUrl: string;
}

/**
 * The customers among `customerTokens` who get `kind` now: an account that is not anonymised,
 * whose address is confirmed (an alert is never the first mail an unconfirmed address gets), and
 * which has not turned the kind off. Others are left out. Read on `db` (the caller's handle).
 */
export async function wishlistAlertRecipients(
  db: AnyDb,
  input: { customerTokens: readonly string[]; kind: WishlistAlertKind; publicBaseUrl: string },
): Promise<Map<string, AlertRecipient>> {
  const found = new Map<string, AlertRecipient>();
  const tokens = [...new Set(input.customerTokens)];
  if (tokens.length === 0) return found;
  const { rows } = await sql<{ id: string | number; customer_token: string; email: string }>`
    select a.id, a.customer_token, a.email from users.account a
    where a.customer_token in (${sql.join(tokens)}) and a.anonymised_at is null and a.email is not null and a.email_verified
      and not exists (select 1 from users.alert_opt_out o where o.user_id = a.id and o.kind = ${input.kind})`.execute(db);
  if (rows.length === 0) return found;
  const links = createLinks({ db: db as UsersDb, publicBaseUrl: input.publicBaseUrl });
  for (const r of rows) {
    found.set(r.customer_token, { email: r.email, unsubscribeUrl: links.url('wishlistAlerts', await links.alertToken(Number(r.id), input.kind, r.email)) });
  }
  return found;
}

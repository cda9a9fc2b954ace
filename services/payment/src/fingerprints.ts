/**
 * Saved payment instruments' fingerprints (issue 18 point 4: no referral paid with a card the
 * referrer saved too). The sandbox vaults keep no card number, so a card's fingerprint is what
 * the instrument row keeps of it: type, brand, last four digits and expiry
 * (`card|visa|1111|12|2034`); a wallet or BNPL instrument has no card to compare and gives none.
 * A module function: it reads in the caller's transaction (the checkout's paying one).
 */
import { sql, type Kysely, type Transaction } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's schema-agnostic transaction (the checkout's)
type AnyDb = Transaction<any> | Kysely<any>;

export async function instrumentFingerprints(db: AnyDb, customerToken: string): Promise<string[]> {
  const { rows } = await sql<{ type: string; card_type: string | null; last4: string | null; expiry_month: number | null; expiry_year: number | null }>`
    select type, card_type, last4, expiry_month, expiry_year from payment.instrument
    where customer_token = ${customerToken} and last4 is not null and expiry_month is not null and expiry_year is not null`.execute(db);
  return [...new Set(rows.map((r) => [r.type, (r.card_type ?? '').toLowerCase(), r.last4, r.expiry_month, r.expiry_year].join('|')))];
}

import type { Kysely } from 'kysely';
import type { UsersDb } from '../db/database.ts';
import { users } from './accounts.ts';

/**
 * The email of each account among `customerTokens` that has one and is not anonymised (the
 * vouchers service's expiry reminders reach a voucher's holder through it). Others are left out.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's one schema-agnostic handle
export async function emailsOfCustomers(db: Kysely<any>, customerTokens: readonly string[]): Promise<Map<string, string>> {
  if (customerTokens.length === 0) return new Map();
  const rows = await users(db as UsersDb)
    .selectFrom('account')
    .select(['customer_token', 'email'])
    .where('customer_token', 'in', [...customerTokens])
    .where('anonymised_at', 'is', null)
    .where('email', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.customer_token, r.email!]));
}

/**
 * The first name of an account (not anonymised), or null: who an e-gift is from, in the
 * recipient's mail and on the claim page (the first name only: that page is open to whoever has
 * the link). Runs on the caller's handle (the checkout's paying transaction).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's one schema-agnostic handle
export async function firstNameOfCustomer(db: Kysely<any>, customerToken: string): Promise<string | null> {
  const row = await users(db as UsersDb).selectFrom('account').select('first_name').where('customer_token', '=', customerToken).where('anonymised_at', 'is', null).executeTakeFirst();
  return row?.first_name?.trim() || null;
}

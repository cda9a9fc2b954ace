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

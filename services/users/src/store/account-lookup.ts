/**
 * Module functions for the merchants service (issue 17): a merchant user is an account of this
 * service, found by its email when staff approve an application, and the demo merchants of a
 * development shop are accounts made here.
 */
import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import { normaliseEmail } from '@shop/domain/email';
import type { UsersDb } from '../db/database.ts';
import { ARGON2_OPTIONS } from '../lib/passwords.ts';
import { findByEmail, insertAccount, recordEvent, users } from './accounts.ts';

/** The live account with this email (any case), or null. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's one schema-agnostic handle
export async function accountByEmail(db: Kysely<any>, email: string): Promise<{ customerToken: string; emailVerified: boolean } | null> {
  const row = await findByEmail(db as UsersDb, normaliseEmail(email));
  return row ? { customerToken: row.customerToken, emailVerified: row.emailVerified } : null;
}

/** The confirmed email of a live account, or null (none, unconfirmed, anonymised). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's one schema-agnostic handle
export async function confirmedEmailOfCustomer(db: Kysely<any>, customerToken: string): Promise<string | null> {
  const row = await users(db as UsersDb)
    .selectFrom('account')
    .select('email')
    .where('customer_token', '=', customerToken)
    .where('anonymised_at', 'is', null)
    .where('email_verified', '=', true)
    .executeTakeFirst();
  return row?.email ?? null;
}

/**
 * An account with this email, confirmed, with this password, made when there is none (a
 * development shop's demo merchants); an existing account is left exactly as it is.
 */
export async function ensureConfirmedAccount(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's one schema-agnostic handle
  db: Kysely<any>,
  input: { email: string; password: string; firstName: string; lastName: string },
  now: Date,
): Promise<{ customerToken: string; created: boolean }> {
  const email = normaliseEmail(input.email);
  const existing = await findByEmail(db as UsersDb, email);
  if (existing) return { customerToken: existing.customerToken, created: false };
  const passwordHash = await hash(input.password, ARGON2_OPTIONS);
  const made = await insertAccount(db as UsersDb, { email, firstName: input.firstName, lastName: input.lastName, passwordHash, emailVerified: true }, now);
  // Another process made it between the read and the insert (the unique index decided).
  if (!made) return { customerToken: (await findByEmail(db as UsersDb, email))!.customerToken, created: false };
  await recordEvent(db as UsersDb, made.id, 'registered', now, { source: 'merchant_demo_seed' });
  return { customerToken: made.customerToken, created: true };
}

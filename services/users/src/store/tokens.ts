/**
 * One-time link tokens (confirm email, reset, activate, subscription confirmation): 32 random
 * bytes, stored as SHA-256, single use, with an expiry. Consuming is one conditional update, so
 * two clicks of the same link cannot both succeed.
 */
import { sql } from 'kysely';
import type { TokenPurpose } from '../db/tables.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';
import { users, type Db } from './accounts.ts';

export interface Owner {
  userId?: number;
  subscriptionId?: number;
}

export async function issueToken(db: Db, purpose: TokenPurpose, owner: Owner, ttlMs: number, now: Date): Promise<string> {
  const token = randomToken();
  await users(db)
    .insertInto('one_time_token')
    .values({
      purpose,
      token_hash: sha256Hex(token),
      user_id: owner.userId ?? null,
      subscription_id: owner.subscriptionId ?? null,
      created_at: now,
      expires_at: new Date(now.getTime() + ttlMs),
    })
    .execute();
  return token;
}

/** Voids every outstanding token of these purposes for the account (a newer link replaces older ones). */
export async function voidTokens(db: Db, userId: number, purposes: TokenPurpose[], now: Date): Promise<void> {
  await users(db)
    .updateTable('one_time_token')
    .set({ voided_at: now })
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .execute();
}

export interface TokenOwner {
  userId: number | null;
  subscriptionId: number | null;
}

/** The owner of a live token of this purpose, without using it up. */
export async function peekToken(db: Db, purpose: TokenPurpose, token: string, now: Date): Promise<TokenOwner | null> {
  const r = await users(db)
    .selectFrom('one_time_token')
    .select(['user_id', 'subscription_id'])
    .where('token_hash', '=', sha256Hex(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return r ? { userId: r.user_id === null ? null : Number(r.user_id), subscriptionId: r.subscription_id === null ? null : Number(r.subscription_id) } : null;
}

/** Uses the token up (single use); null when it is unknown, used, voided or expired. */
export async function consumeToken(db: Db, purpose: TokenPurpose, token: string, now: Date): Promise<TokenOwner | null> {
  const { rows } = await sql<{ user_id: string | number | null; subscription_id: string | number | null }>`
    update users.one_time_token set used_at = ${now}
    where token_hash = ${sha256Hex(token)} and purpose = ${purpose}
      and used_at is null and voided_at is null and expires_at > ${now}
    returning user_id, subscription_id`.execute(db);
  const r = rows[0];
  return r ? { userId: r.user_id === null ? null : Number(r.user_id), subscriptionId: r.subscription_id === null ? null : Number(r.subscription_id) } : null;
}

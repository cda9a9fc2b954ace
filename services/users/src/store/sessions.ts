/**
 * Sessions: 32 random bytes (base64url) given to the caller once; only their SHA-256 is stored.
 * Idle and absolute expiry (30 min / 12 h, or 14 / 30 days with remember me), slid on use by one
 * conditional update, so an expired session can never be revived by a racing request.
 */
import { sql } from 'kysely';
import { REMEMBER_ME_ABSOLUTE_MS, REMEMBER_ME_IDLE_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@shop/domain/accounts';
import type { Session } from '../contract.ts';
import { randomToken, sha256Hex, TOKEN_SHAPE } from '../lib/crypto.ts';
import { users, type Db } from './accounts.ts';

export async function createSession(db: Db, userId: number, persistent: boolean, now: Date): Promise<Session> {
  const token = randomToken();
  const absolute = new Date(now.getTime() + (persistent ? REMEMBER_ME_ABSOLUTE_MS : SESSION_ABSOLUTE_MS));
  const idle = new Date(Math.min(now.getTime() + (persistent ? REMEMBER_ME_IDLE_MS : SESSION_IDLE_MS), absolute.getTime()));
  await users(db)
    .insertInto('session')
    .values({ token_hash: sha256Hex(token), user_id: userId, persistent, created_at: now, last_seen_at: now, idle_expires_at: idle, absolute_expires_at: absolute })
    .execute();
  return { token, expiresAt: absolute.toISOString(), persistent };
}

export interface LiveSession {
  tokenHash: string;
  userId: number;
  persistent: boolean;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * The live session of a raw token, its idle expiry slid to now + idle (never past the absolute
 * expiry). A session found expired is deleted. Null for anything else.
 */
export async function touchSession(db: Db, token: string | undefined, now: Date): Promise<LiveSession | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const tokenHash = sha256Hex(token);
  const { rows } = await sql<{ user_id: string | number; persistent: boolean; created_at: Date; absolute_expires_at: Date }>`
    update users.session set
      last_seen_at = ${now},
      idle_expires_at = least(
        case when persistent then ${new Date(now.getTime() + REMEMBER_ME_IDLE_MS)}::timestamptz else ${new Date(now.getTime() + SESSION_IDLE_MS)}::timestamptz end,
        absolute_expires_at)
    where token_hash = ${tokenHash} and idle_expires_at > ${now} and absolute_expires_at > ${now}
    returning user_id, persistent, created_at, absolute_expires_at`.execute(db);
  const row = rows[0];
  if (!row) {
    await users(db).deleteFrom('session').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  return { tokenHash, userId: Number(row.user_id), persistent: row.persistent, createdAt: new Date(row.created_at), expiresAt: new Date(row.absolute_expires_at) };
}

/** Ends the session of a raw token (if any). */
export async function endSessionByToken(db: Db, token: string | undefined): Promise<void> {
  if (!token || !TOKEN_SHAPE.test(token)) return;
  await users(db).deleteFrom('session').where('token_hash', '=', sha256Hex(token)).execute();
}

export async function endSession(db: Db, tokenHash: string): Promise<void> {
  await users(db).deleteFrom('session').where('token_hash', '=', tokenHash).execute();
}

export async function endAllSessions(db: Db, userId: number): Promise<number> {
  const result = await users(db).deleteFrom('session').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Keeps the working tables at their expected sizes (reliability L5): expired sessions, spent or
 * long-expired link tokens and old rate-limit windows are deleted. The account event log is
 * never pruned.
 */
import { users, type Db } from './accounts.ts';

const DAY = 24 * 60 * 60 * 1000;

export async function pruneExpired(db: Db, now: Date): Promise<{ sessions: number; tokens: number; rateLimits: number }> {
  const sessions = await users(db).deleteFrom('session').where((eb) => eb.or([eb('idle_expires_at', '<=', now), eb('absolute_expires_at', '<=', now)])).executeTakeFirst();
  const tokens = await users(db)
    .deleteFrom('one_time_token')
    .where('expires_at', '<', new Date(now.getTime() - 7 * DAY))
    .executeTakeFirst();
  const rateLimits = await users(db)
    .deleteFrom('rate_limit')
    .where('window_start', '<', new Date(now.getTime() - DAY))
    .executeTakeFirst();
  return { sessions: Number(sessions.numDeletedRows), tokens: Number(tokens.numDeletedRows), rateLimits: Number(rateLimits.numDeletedRows) };
}

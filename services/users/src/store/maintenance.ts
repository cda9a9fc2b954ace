/**
 * Keeps the working tables at their expected sizes (reliability L5): expired sessions, spent or
 * long-expired link tokens, old rate-limit windows and forgotten sign-in throttle rows are deleted. The account event log is
 * never pruned.
 */
import { sql } from 'kysely';
import { SIGN_IN_THROTTLE } from '@shop/domain/accounts';
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
  // Sign-in throttle rows past their forgetting time count as nothing (sign-in-throttle.ts).
  const forgetAfter = Math.max(SIGN_IN_THROTTLE.email.forgetAfterMs, SIGN_IN_THROTTLE.address.forgetAfterMs);
  await sql`delete from users.sign_in_throttle where last_failure_at < ${new Date(now.getTime() - forgetAfter)}`.execute(db);
  return { sessions: Number(sessions.numDeletedRows), tokens: Number(tokens.numDeletedRows), rateLimits: Number(rateLimits.numDeletedRows) };
}

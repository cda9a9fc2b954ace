/**
 * Sign-in throttling in the database (issue 14 #5; every instance counts together): per email
 * typed and per client address, an exponential wait past a few free failures, never a lock
 * (domain SIGN_IN_THROTTLE). Each password attempt is claimed first by one atomic upsert that
 * counts it as a failure and sets the wait before the next one; the upsert updates nothing while
 * the wait runs (a concurrent burst cannot slip past it), and a right password gives the claim
 * back. The email's count is kept whether or not the address is registered, so known and unknown
 * addresses get the same answers at every count. Keys are SHA-256 digests (no address in clear).
 */
import { sql } from 'kysely';
import { SIGN_IN_THROTTLE, type SignInThrottleScope } from '@shop/domain/accounts';
import type { Db } from '../store/accounts.ts';
import { sha256Hex } from './crypto.ts';

export interface ThrottleVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Emails are counted in lower case (the accounts' own key). */
const keyHash = (scope: SignInThrottleScope, key: string) => sha256Hex(`sign_in\u0000${scope}\u0000${scope === 'email' ? key.toLowerCase() : key}`);

/** The wait (ms) after `failures` failures, as SQL: domain signInDelayMs. */
function delaySql(scope: SignInThrottleScope, failures: ReturnType<typeof sql>) {
  const t = SIGN_IN_THROTTLE[scope];
  return sql`(case when ${failures} < ${t.free} then 0 else least(${t.maxDelayMs}::float8, ${t.firstDelayMs}::float8 * power(2::float8, least(30, ${failures} - ${t.free}))) end)`;
}

/** Claims one attempt in `scope`; refused (nothing counted) while the wait after the last failure runs. */
export async function claimAttempt(db: Db, scope: SignInThrottleScope, key: string, now: Date): Promise<ThrottleVerdict> {
  const hash = keyHash(scope, key);
  const forgetBefore = new Date(now.getTime() - SIGN_IN_THROTTLE[scope].forgetAfterMs);
  const next = sql`(case when t.last_failure_at <= ${forgetBefore}::timestamptz then 1 else t.failures + 1 end)`;
  const { rows } = await sql<{ failures: number }>`
    insert into users.sign_in_throttle as t (scope, key_hash, failures, next_allowed_at, last_failure_at)
    values (${scope}, ${hash}, 1, ${now}::timestamptz + ${delaySql(scope, sql`1`)} * interval '1 millisecond', ${now})
    on conflict (scope, key_hash) do update set
      failures = ${next},
      next_allowed_at = ${now}::timestamptz + ${delaySql(scope, next)} * interval '1 millisecond',
      last_failure_at = ${now}
    where t.next_allowed_at <= ${now}::timestamptz or t.last_failure_at <= ${forgetBefore}::timestamptz
    returning failures`.execute(db);
  if (rows.length > 0) return { allowed: true, retryAfterSeconds: 0 };
  const { rows: waiting } = await sql<{ next_allowed_at: Date | string }>`
    select next_allowed_at from users.sign_in_throttle where scope = ${scope} and key_hash = ${hash}`.execute(db);
  const until = waiting[0] ? new Date(waiting[0].next_allowed_at).getTime() : now.getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
}

/** Gives one claimed attempt back (a right password, or an attempt refused in the other scope). */
export async function releaseAttempt(db: Db, scope: SignInThrottleScope, key: string, now: Date): Promise<void> {
  const left = sql`greatest(t.failures - 1, 0)`;
  await sql`
    update users.sign_in_throttle as t set
      failures = ${left},
      next_allowed_at = least(t.next_allowed_at, ${now}::timestamptz + ${delaySql(scope, left)} * interval '1 millisecond')
    where scope = ${scope} and key_hash = ${keyHash(scope, key)}`.execute(db);
}

/** The owner proved themselves (a sign-in by password, link or provider): the email's count is forgotten. */
export async function forgiveEmail(db: Db, email: string | null): Promise<void> {
  if (!email) return;
  await sql`delete from users.sign_in_throttle where scope = 'email' and key_hash = ${keyHash('email', email)}`.execute(db);
}

/**
 * Claims an attempt per client address, then per email; both or neither (an email refused gives
 * the address's claim back). The longest wait is the one given.
 */
export async function claimSignIn(db: Db, input: { email: string; address: string }, now: Date): Promise<ThrottleVerdict> {
  const byAddress = await claimAttempt(db, 'address', input.address, now);
  if (!byAddress.allowed) return byAddress;
  const byEmail = await claimAttempt(db, 'email', input.email, now);
  if (!byEmail.allowed) await releaseAttempt(db, 'address', input.address, now);
  return byEmail;
}

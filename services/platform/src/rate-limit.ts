/**
 * Rate limits in the database (so every instance counts together): fixed windows, one row per
 * (bucket, key) in a service's own `<schema>.rate_limit` table (bucket text, key_hash text,
 * window_start timestamptz, hits integer, primary key (bucket, key_hash)); each hit is one
 * atomic upsert that returns the new count (never read-then-write). Keys are stored as SHA-256
 * digests: no email or address in clear.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

export interface Limit {
  limit: number;
  windowMs: number;
}

export interface LimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counts one hit of `key` in `bucket`'s current window of `table` (schema-qualified, e.g. 'users.rate_limit'). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's handle
export async function hitLimit(db: Kysely<any>, table: string, bucket: string, limit: Limit, key: string, now: Date): Promise<LimitVerdict> {
  const windowStart = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
  const keyHash = createHash('sha256').update(`${bucket}\u0000${key}`).digest('hex');
  const { rows } = await sql<{ hits: number; window_start: Date | string }>`
    insert into ${sql.table(table)} as r (bucket, key_hash, window_start, hits)
    values (${bucket}, ${keyHash}, ${windowStart}, 1)
    on conflict (bucket, key_hash) do update set
      hits = case when r.window_start >= excluded.window_start then r.hits + 1 else 1 end,
      window_start = greatest(r.window_start, excluded.window_start)
    returning hits, window_start`.execute(db);
  const row = rows[0]!;
  const end = new Date(row.window_start).getTime() + limit.windowMs;
  return { allowed: Number(row.hits) <= limit.limit, retryAfterSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)) };
}

/** Counts a hit in each; refused when any is over its limit (the longest wait is given). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's handle
export async function hitLimits(db: Kysely<any>, table: string, checks: Array<[bucket: string, limit: Limit, key: string]>, now: Date): Promise<LimitVerdict> {
  let verdict: LimitVerdict = { allowed: true, retryAfterSeconds: 0 };
  for (const [bucket, limit, key] of checks) {
    const v = await hitLimit(db, table, bucket, limit, key, now);
    if (!v.allowed) verdict = { allowed: false, retryAfterSeconds: Math.max(verdict.allowed ? 0 : verdict.retryAfterSeconds, v.retryAfterSeconds) };
  }
  return verdict;
}

/**
 * Gives back a hit `hitLimit` counted at `now` (e.g. a guess that turned out to name something
 * real, or a refused attempt that must not count): one conditional update of that window only, so
 * a window that has rolled over since is left alone.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's handle
export async function forgiveHit(db: Kysely<any>, table: string, bucket: string, limit: Limit, key: string, now: Date): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
  const keyHash = createHash('sha256').update(`${bucket}\u0000${key}`).digest('hex');
  await sql`update ${sql.table(table)} set hits = greatest(hits - 1, 0)
    where bucket = ${bucket} and key_hash = ${keyHash} and window_start = ${windowStart}`.execute(db);
}

/**
 * Attempt limits in PostgreSQL (issue 14; reliability G4, OAT-002): every shop process counts
 * together. One reusable piece for code guessing (promo codes now; the gift-card redeem, when it is
 * built, calls `claimCodeAttempt` with the same keys so both share one allowance) and for
 * express-buy tokens. Each call is one attempt, so a GraphQL document with 15 aliases is 15.
 *
 * Fixed windows: a key's window starts at its first attempt and lasts `windowMs`; each attempt is
 * one conditional upsert that counts only while the window has room (never read-then-write), and
 * all the keys of an attempt are counted in one transaction, in key order, or none is.
 * Keys are stored as SHA-256 digests: no address, email or token in clear.
 */
import { sql } from 'kysely';
import type { AnyDb } from '../db/database.ts';
import { sha256 } from '../lib/tokens.ts';

export interface AttemptLimit {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** Code guesses (promo, gift card): an unknown code costs one; a code that exists is given back. */
export const CODE_ATTEMPT_LIMITS = {
  basket: { limit: 10, windowMs: 10 * MINUTE },
  customer: { limit: 10, windowMs: 10 * MINUTE },
  /** Higher: a household or office shares one address. */
  address: { limit: 30, windowMs: 10 * MINUTE },
} satisfies Record<string, AttemptLimit>;

/** Express-buy tokens made (issue 14 point 10). */
export const EXPRESS_BUY_LIMITS = {
  email: { limit: 5, windowMs: 30 * MINUTE },
  address: { limit: 30, windowMs: 30 * MINUTE },
} satisfies Record<string, AttemptLimit>;

export interface AttemptKey {
  /** e.g. 'b:{basketToken}', 'c:{customerToken}', 'a:{address}', 'e:{email}'. */
  key: string;
  limit: AttemptLimit;
}

export interface AttemptClaim {
  bucket: string;
  counted: Array<{ keyHash: string; windowStart: Date }>;
}

export type AttemptVerdict = { ok: true; claim: AttemptClaim } | { ok: false; retryAfterSeconds: number };

class Refused extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('attempt refused');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Counts one attempt on every key, or on none when any of them is out of attempts. */
export async function claimAttempt(db: AnyDb, input: { bucket: string; keys: AttemptKey[]; now: Date }): Promise<AttemptVerdict> {
  const keys = input.keys.map((k) => ({ ...k, hash: sha256(`${input.bucket}\u0000${k.key}`) })).sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  const now = input.now;
  try {
    const counted = await db.transaction().execute(async (trx) => {
      const out: AttemptClaim['counted'] = [];
      for (const k of keys) {
        const ended = new Date(now.getTime() - k.limit.windowMs);
        const { rows } = await sql<{ window_start: Date }>`insert into orders.attempt_limit as r (bucket, key_hash, window_start, hits)
          values (${input.bucket}, ${k.hash}, ${now}, 1)
          on conflict (bucket, key_hash) do update set
            hits = case when r.window_start <= ${ended} then 1 else r.hits + 1 end,
            window_start = case when r.window_start <= ${ended} then excluded.window_start else r.window_start end
          where r.window_start <= ${ended} or r.hits < ${k.limit.limit}
          returning window_start`.execute(trx);
        if (rows.length === 0) {
          const { rows: [row] } = await sql<{ window_start: Date }>`select window_start from orders.attempt_limit where bucket = ${input.bucket} and key_hash = ${k.hash}`.execute(trx);
          const end = (row ? new Date(row.window_start).getTime() : now.getTime()) + k.limit.windowMs;
          throw new Refused(Math.max(1, Math.ceil((end - now.getTime()) / 1000)));
        }
        out.push({ keyHash: k.hash, windowStart: new Date(rows[0]!.window_start) });
      }
      return out;
    });
    return { ok: true, claim: { bucket: input.bucket, counted } };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, retryAfterSeconds: error.retryAfterSeconds };
    throw error;
  }
}

/** Gives an attempt back (the code existed): only within the window it was counted in. */
export async function forgiveAttempt(db: AnyDb, claim: AttemptClaim): Promise<void> {
  for (const c of claim.counted) {
    await sql`update orders.attempt_limit set hits = greatest(hits - 1, 0)
      where bucket = ${claim.bucket} and key_hash = ${c.keyHash} and window_start = ${c.windowStart}`.execute(db);
  }
}

/**
 * One code guess (promo code now, gift card later) by a shopper: counted per basket, per signed-in
 * customer and per public client address, with one allowance for every kind of code.
 */
export function claimCodeAttempt(db: AnyDb, who: { basketToken: string | null; customerToken: string | null; clientAddress: string | null; now: Date }): Promise<AttemptVerdict> {
  const keys: AttemptKey[] = [
    ...(who.basketToken ? [{ key: `b:${who.basketToken}`, limit: CODE_ATTEMPT_LIMITS.basket }] : []),
    ...(who.customerToken ? [{ key: `c:${who.customerToken}`, limit: CODE_ATTEMPT_LIMITS.customer }] : []),
    ...(who.clientAddress ? [{ key: `a:${who.clientAddress}`, limit: CODE_ATTEMPT_LIMITS.address }] : []),
  ];
  return claimAttempt(db, { bucket: 'code', keys, now: who.now });
}

/** Forgets windows that ended a day ago (a forgotten window is a fresh one, as it would be anyway). */
export async function pruneAttempts(db: AnyDb, now: Date): Promise<number> {
  const result = await sql`delete from orders.attempt_limit where window_start < ${new Date(now.getTime() - 24 * 60 * MINUTE)}`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

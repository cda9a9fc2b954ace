/**
 * Guessing limits of credit claims (issue 18 point 3). Campaign ids are short numbers, so a
 * signed-in shopper could try one after another: a claim that gives nothing (NOT_FOUND, INACTIVE,
 * NOT_STARTED, EXPIRED, EXHAUSTED) counts against an allowance per account and per client address (higher:
 * a household or office shares one). A claim that names a live campaign (CLAIMED, ALREADY_CLAIMED)
 * is given back. Past either allowance a claim is refused before any campaign is looked at.
 *
 * The platform's limiter (@shop/platform/rate-limit, in wallet.rate_limit): fixed windows, each
 * attempt one atomic upsert per key (never read-then-write), counted before the lookup so
 * concurrent guesses cannot slip past; a refused attempt is given back too, so it costs nothing
 * on the other key (one account over its allowance does not use up its household's).
 */
import { sql } from 'kysely';
import { CLIENT_IP_HEADER } from '@shop/platform';
import { forgiveHit, hitLimits, type Limit, type LimitVerdict } from '@shop/platform/rate-limit';
import type { CreditClaimStatus } from '@shop/domain/credit-claims';
import type { WalletDb } from '../db/database.ts';

const HOUR = 60 * 60_000;

export const CREDIT_CLAIM_LIMITS = {
  /** Failed claims per signed-in account in an hour. */
  customer: { limit: 10, windowMs: HOUR },
  /** Failed claims per public client address in an hour, over all its accounts. */
  address: { limit: 30, windowMs: HOUR },
} satisfies Record<string, Limit>;

const TABLE = 'wallet.rate_limit';
const DAY = 24 * HOUR;

/** The limiter's buckets in wallet.rate_limit and the limit each counts against. */
const BUCKETS = { creditClaimPerCustomer: CREDIT_CLAIM_LIMITS.customer, creditClaimPerAddress: CREDIT_CLAIM_LIMITS.address } satisfies Record<string, Limit>;

export interface ClaimAttempt {
  customerToken: string;
  /** The shopper's public address as the gateway saw it (x-client-ip), or null. */
  clientAddress: string | null;
  now: Date;
}

function checksOf(who: ClaimAttempt): Array<[bucket: string, limit: Limit, key: string]> {
  return [
    ['creditClaimPerCustomer', BUCKETS.creditClaimPerCustomer, who.customerToken],
    ...(who.clientAddress ? [['creditClaimPerAddress', BUCKETS.creditClaimPerAddress, who.clientAddress] as [string, Limit, string]] : []),
  ];
}

/** The claims that named a live campaign: they cost nothing. */
export const claimFound = (status: CreditClaimStatus): boolean => status === 'CLAIMED' || status === 'ALREADY_CLAIMED';

/** Counts one claim on every key; refused (and then counted on none) when any allowance is used up. */
export async function countClaimAttempt(db: WalletDb, who: ClaimAttempt): Promise<LimitVerdict> {
  const verdict = await hitLimits(db, TABLE, checksOf(who), who.now);
  if (!verdict.allowed) await forgiveClaimAttempt(db, who);
  return verdict;
}

/** Gives the attempt back (the campaign was live, or the attempt was refused): in the window it was counted in. */
export async function forgiveClaimAttempt(db: WalletDb, who: ClaimAttempt): Promise<void> {
  for (const [bucket, limit, key] of checksOf(who)) await forgiveHit(db, TABLE, bucket, limit, key, who.now);
}

/** The client address header, when plausible (an implausible one is ignored, never refused). */
export function clientAddressOf(c: { req: { header(name: string): string | undefined } }): string | null {
  const value = (c.req.header(CLIENT_IP_HEADER) ?? '').trim().toLowerCase();
  return value && value.length <= 100 && /^[0-9a-f.:]+$/.test(value) ? value : null;
}

/**
 * Deletes the limiter's rows whose window has ended (the shop's leased prune job): such a row
 * counts for nothing (the next hit starts a new window), so without this the table only grows.
 * One DELETE per bucket, conditional on the window: a concurrent hit that moved a row into the
 * current window keeps it, and several processes pruning at once is harmless. Rows of a bucket no
 * longer in use go a day after their window started.
 */
export async function pruneClaimLimits(db: WalletDb, now: Date): Promise<{ rateLimits: number }> {
  let rateLimits = 0;
  for (const [bucket, limit] of Object.entries(BUCKETS)) {
    const done = await sql`delete from wallet.rate_limit where bucket = ${bucket} and window_start <= ${new Date(now.getTime() - limit.windowMs)}`.execute(db);
    rateLimits += Number(done.numAffectedRows ?? 0);
  }
  const known = Object.keys(BUCKETS);
  const rest = await sql`delete from wallet.rate_limit where bucket not in (${sql.join(known)}) and window_start <= ${new Date(now.getTime() - DAY)}`.execute(db);
  return { rateLimits: rateLimits + Number(rest.numAffectedRows ?? 0) };
}

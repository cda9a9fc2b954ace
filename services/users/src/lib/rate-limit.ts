/**
 * The users service's rate limits (the platform's fixed windows, @shop/platform/rate-limit, in
 * users.rate_limit).
 */
import { hitLimit, hitLimits, type Limit, type LimitVerdict } from '@shop/platform/rate-limit';
import type { UsersDb } from '../db/database.ts';

export type { Limit, LimitVerdict };

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS = {
  /** POST /login per client address (credential stuffing across many accounts). */
  loginPerAddress: { limit: 100, windowMs: 15 * MINUTE },
  /** POST /login per (email, client address): a volume cap above the sign-in throttle's (per address too, so an attacker cannot use up the owner's logins). */
  loginPerEmail: { limit: 20, windowMs: 15 * MINUTE },
  /** POST /register and /express-register. */
  registerPerAddress: { limit: 20, windowMs: 60 * MINUTE },
  registerPerEmail: { limit: 5, windowMs: 60 * MINUTE },
  /** POST /user/{email}/password_reset_request. */
  resetPerAddress: { limit: 20, windowMs: 60 * MINUTE },
  /** Per (email, client address): an attacker using up their own allowance leaves the owner's reset (the way out of a lock) alone. */
  resetPerEmail: { limit: 5, windowMs: 60 * MINUTE },
  /** POST /login/link (the sign-in link, the way round the sign-in throttle). */
  signInLinkPerAddress: { limit: 20, windowMs: 60 * MINUTE },
  /** Per (email, client address), as resetPerEmail: an attacker using up their own allowance leaves the owner's links alone. */
  signInLinkPerEmail: { limit: 5, windowMs: 60 * MINUTE },
  /** POST /subscription-status (the spec's pre-login call, an enumeration oracle by design). */
  statusPerAddress: { limit: 60, windowMs: 15 * MINUTE },
  statusPerEmail: { limit: 20, windowMs: 15 * MINUTE },
  /** POST /subscription. */
  subscribePerAddress: { limit: 20, windowMs: 60 * MINUTE },
  /** Its own bucket: subscribing an address must never use up that address's registrations. */
  subscribePerEmail: { limit: 5, windowMs: 60 * MINUTE },
  /** Every route that takes a token from an emailed link (token guessing, reliability A7). */
  linkPerAddress: { limit: 60, windowMs: 15 * MINUTE },
  /** PATCH /user/password and POST /user/anonymize per account (current-password guessing with a stolen session). */
  reauthPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  /** Social sign-in routes per client address. */
  socialPerAddress: { limit: 60, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimits = Record<RateLimitName, Limit>;

/** The key of loginPerEmail and resetPerEmail: the email and the client address together (no NUL in either). */
export function perEmailKey(email: string, address: string): string {
  return `${email}\u0000${address}`;
}

/** Counts one hit of `key` in `name`'s current window (users.rate_limit). */
export async function hit(db: UsersDb, limits: RateLimits, name: RateLimitName, key: string, now: Date): Promise<LimitVerdict> {
  return hitLimit(db, 'users.rate_limit', name, limits[name], key, now);
}

/** Counts a hit in each; refused when any is over its limit (the longest wait is given). */
export async function hitAll(db: UsersDb, limits: RateLimits, checks: Array<[RateLimitName, string]>, now: Date): Promise<LimitVerdict> {
  return hitLimits(db, 'users.rate_limit', checks.map(([name, key]) => [name, limits[name], key]), now);
}

/**
 * The prune job (issue 14 point 10): expired express-buy tokens and attempt windows a day old are
 * deleted. Each is one DELETE … WHERE, so several processes running it at once is harmless.
 */
import type { AnyDb } from '../db/database.ts';
import { pruneAttempts } from '../promo/attempts.ts';
import { pruneExpressBuyTokens } from '../promo/express-buy.ts';

/** How often the shop runs it. */
export const PRUNE_EVERY_MS = 10 * 60 * 1000;

export async function pruneExpired(db: AnyDb, now: Date): Promise<{ expressBuyTokens: number; attemptWindows: number }> {
  return { expressBuyTokens: await pruneExpressBuyTokens(db, now), attemptWindows: await pruneAttempts(db, now) };
}

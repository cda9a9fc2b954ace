/**
 * A merchant's redemption file (issue 17 point 3): up to 10,000 codes answered line by line, set
 * based. Codes are normalised (trimmed, upper case) and each distinct code is decided once, by the
 * first line that has it; later lines say "already redeemed (line N)". Per chunk of distinct codes
 * one transaction runs three statements: the redeem move of every redeemable voucher among them
 * (moveVouchers with a `codes` selector: one locking update with its events, the same rule as a
 * single redemption, so a code redeemed by a till meanwhile is not redeemed again), one read of the
 * rest of the merchant's vouchers among them (why not), and one insert of the chunk's attempts.
 * A chunk commits on its own: a failure half way leaves the earlier chunks redeemed and logged, and
 * the same file sent again answers those lines "already redeemed".
 */
import { sql } from 'kysely';
import type { AnyDb } from '../db/database.ts';
import type { VoucherRow } from '../issue/issue.ts';
import { moveVouchers } from '../transitions/transitions.store.ts';
import { NOT_FOUND_DETAIL, refusalOf } from './redemption.ts';
import { logAttempts } from './redemption.store.ts';

/** Distinct codes decided per transaction. */
export const BULK_CHUNK = 2_000;

export type BulkResult = 'redeemed' | 'already_redeemed' | 'not_redeemable' | 'not_found';

export interface BulkLine {
  line: number;
  code: string;
  result: BulkResult;
  message: string;
  voucherId?: string;
  redeemedAt?: string;
  duplicateOfLine?: number;
}

export interface BulkInput {
  codes: readonly string[];
  /** Each code's line in the file (default its place, from 1). */
  lines?: readonly number[];
  dealIds: readonly number[];
  merchantRef: string;
  actorRef: string | null;
  at: Date;
}

export interface BulkAnswer {
  results: BulkLine[];
  summary: { redeemed: number; alreadyRedeemed: number; notRedeemable: number; notFound: number };
}

type Decision = Omit<BulkLine, 'line' | 'code' | 'duplicateOfLine'>;

/** Redeems the codes of a file for the merchant's own deals: one answer per code, in order. */
export async function redeemBulk(db: AnyDb, input: BulkInput): Promise<BulkAnswer> {
  const given = input.codes.map((c) => c.trim());
  const lineOf = (i: number) => input.lines?.[i] ?? i + 1;
  // The first place of each distinct code, and every place of it.
  const places = new Map<string, number[]>();
  given.forEach((code, i) => {
    const key = code.toUpperCase();
    const list = places.get(key);
    if (list) list.push(i);
    else places.set(key, [i]);
  });
  const results: BulkLine[] = new Array(given.length);
  const distinct = [...places.keys()];
  for (let start = 0; start < distinct.length; start += BULK_CHUNK) {
    const chunk = distinct.slice(start, start + BULK_CHUNK);
    await db.transaction().execute(async (trx) => {
      const decided = await decide(trx, chunk, input);
      const attempts: Parameters<typeof logAttempts>[2] = [];
      for (const code of chunk) {
        const decision = decided.get(code)!;
        const [first, ...again] = places.get(code)!;
        results[first!] = { line: lineOf(first!), code: given[first!]!, ...decision };
        attempts.push({ code: given[first!]!, voucherId: decision.voucherId ?? null, result: decision.result, line: lineOf(first!) });
        for (const i of again) {
          const firstLine = lineOf(first!);
          const repeat: Decision =
            decision.result === 'redeemed' || decision.result === 'already_redeemed'
              ? { ...decision, result: 'already_redeemed', message: `Already redeemed (line ${firstLine}).` }
              : decision;
          results[i] = { line: lineOf(i), code: given[i]!, ...repeat, duplicateOfLine: firstLine };
          attempts.push({ code: given[i]!, voucherId: repeat.voucherId ?? null, result: repeat.result, line: lineOf(i) });
        }
      }
      await logAttempts(trx, { merchantRef: input.merchantRef, actorRef: input.actorRef, channel: 'csv', at: input.at }, attempts);
    });
  }
  const count = (r: BulkResult) => results.filter((x) => x.result === r).length;
  return { results, summary: { redeemed: count('redeemed'), alreadyRedeemed: count('already_redeemed'), notRedeemable: count('not_redeemable'), notFound: count('not_found') } };
}

/** What becomes of each distinct (normalised) code of a chunk: the move, then why not for the rest. */
async function decide(trx: AnyDb, codes: string[], input: BulkInput): Promise<Map<string, Decision>> {
  const decided = new Map<string, Decision>();
  const moved = await moveVouchers(trx, { codes }, { event: 'redeem', actor: 'merchant', actorRef: input.merchantRef, dealIds: input.dealIds, reason: 'Redeemed by the merchant (file)', at: input.at });
  const redeemedAt = input.at.toISOString();
  for (const m of moved) decided.set(m.code, { result: 'redeemed', message: 'Redeemed.', voucherId: m.id, redeemedAt });
  const rest = codes.filter((c) => !decided.has(c));
  if (rest.length > 0) {
    const { rows } = await sql<VoucherRow & { redeemed_at: Date | null }>`
      select v.*, case when v.status = 'Redeemed' then
          (select e.at from vouchers.voucher_event e where e.voucher_id = v.id and e.event = 'redeem' order by e.id desc limit 1)
        end as redeemed_at
      from vouchers.voucher v
      where v.code = any(${rest}::text[]) and v.deal_id = any(${[...input.dealIds]}::int[])`.execute(trx);
    for (const v of rows) {
      const at = v.redeemed_at ? new Date(v.redeemed_at) : null;
      const refusal = refusalOf(v, at, input.at);
      decided.set(v.code, {
        result: refusal.result === 'already_redeemed' ? 'already_redeemed' : 'not_redeemable',
        message: refusal.detail,
        voucherId: v.id,
        ...(at ? { redeemedAt: at.toISOString() } : {}),
      });
    }
  }
  // Unknown, malformed, or another business's: the same answer, and no voucher id in the log.
  for (const c of codes) if (!decided.has(c)) decided.set(c, { result: 'not_found', message: NOT_FOUND_DETAIL });
  return decided;
}

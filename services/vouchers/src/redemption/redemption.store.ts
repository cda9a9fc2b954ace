/** The attempts log and what a till is told about a voucher's latest redemption. */
import { sql } from 'kysely';
import { inVouchers, type AnyDb } from '../db/database.ts';
import type { RedemptionAttemptTable, RedemptionChannel, RedemptionResult } from './redemption.tables.ts';

export interface AttemptInput {
  merchantRef: string;
  actorRef: string | null;
  channel: RedemptionChannel;
  code: string;
  voucherId: string | null;
  result: RedemptionResult;
  at: Date;
  line?: number | null;
  attemptId?: string | null;
  answer?: { status: number; body: unknown } | null;
}

/** A code as given, for the log: trimmed and at most 300 characters (a link is longer than a code). */
const logged = (code: string) => code.trim().slice(0, 300);

/**
 * Logs one attempt. With a device's attempt id, false when that id was logged already for this
 * business (the insert waits for a concurrent one to commit): the caller rolls back and replays.
 */
export async function logAttempt(trx: AnyDb, a: AttemptInput): Promise<boolean> {
  const row = await inVouchers(trx)
    .insertInto('redemption_attempt')
    .values({
      merchant_ref: a.merchantRef,
      actor_ref: a.actorRef,
      channel: a.channel,
      code: logged(a.code),
      voucher_id: a.voucherId,
      result: a.result,
      line: a.line ?? null,
      attempt_id: a.attemptId ?? null,
      answer_status: a.answer?.status ?? null,
      answer: a.answer ? JSON.stringify(a.answer.body) : null,
      at: a.at,
    })
    .onConflict((oc) => oc.columns(['merchant_ref', 'attempt_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Many attempts of one business in one statement (a file's lines): arrays unnested, so 10,000 rows are one round trip. */
export async function logAttempts(trx: AnyDb, common: { merchantRef: string; actorRef: string | null; channel: RedemptionChannel; at: Date }, rows: { code: string; voucherId: string | null; result: RedemptionResult; line: number | null }[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into vouchers.redemption_attempt (merchant_ref, actor_ref, channel, code, voucher_id, result, line, at)
    select ${common.merchantRef}, ${common.actorRef}, ${common.channel}, a.code, a.voucher_id, a.result, a.line, ${common.at}::timestamptz
    from unnest(${rows.map((r) => logged(r.code))}::text[], ${rows.map((r) => r.voucherId)}::uuid[], ${rows.map((r) => r.result)}::text[], ${rows.map((r) => r.line)}::int[])
      as a(code, voucher_id, result, line)`.execute(trx);
}

/** The first answer given to a device's attempt id, if it was logged. */
export async function answerOf(db: AnyDb, merchantRef: string, attemptId: string): Promise<{ status: number; body: unknown; given: string } | undefined> {
  const row = await inVouchers(db)
    .selectFrom('redemption_attempt')
    .select(['answer_status', 'answer', 'code'])
    .where('merchant_ref', '=', merchantRef)
    .where('attempt_id', '=', attemptId)
    .executeTakeFirst();
  if (!row || row.answer_status === null) return undefined;
  return { status: row.answer_status, body: typeof row.answer === 'string' ? JSON.parse(row.answer) : row.answer, given: row.code };
}

export type AttemptRow = Omit<RedemptionAttemptTable, 'id' | 'at' | 'answer'> & { id: string; at: Date };

/** A business's attempts newest first, `before` an attempt id. */
export async function attemptsOf(db: AnyDb, merchantRef: string, limit: number, before?: number): Promise<AttemptRow[]> {
  let q = inVouchers(db)
    .selectFrom('redemption_attempt')
    .select(['id', 'merchant_ref', 'actor_ref', 'channel', 'code', 'voucher_id', 'result', 'line', 'attempt_id', 'answer_status', 'at'])
    .where('merchant_ref', '=', merchantRef);
  if (before !== undefined) q = q.where('id', '<', String(before));
  return (await q.orderBy('id', 'desc').limit(limit).execute()) as AttemptRow[];
}

/** A voucher's latest redemption: when, by which business (the event's actor_ref), from which status. */
export async function latestRedemption(db: AnyDb, voucherId: string): Promise<{ at: Date; by: string | null; from: string | null } | undefined> {
  const row = await inVouchers(db)
    .selectFrom('voucher_event')
    .select(['at', 'actor_ref', 'from_status'])
    .where('voucher_id', '=', voucherId)
    .where('event', '=', 'redeem')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { at: new Date(row.at), by: row.actor_ref, from: row.from_status };
}

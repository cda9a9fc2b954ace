/**
 * A merchant's redemption of one voucher and its undo (issue 17 point 3), each one transaction:
 * the status move (moveVouchers: one conditional statement, so a code redeems at most once and an
 * undo happens at most once), the answer, and the attempt logged with who, when and the result.
 * A device's attempt id (offline queue) is unique per business: the same id again gets the first
 * answer, status and body, and redeems nothing more.
 */
import type { z } from '@hono/zod-openapi';
import { notFoundProblem, problem, type FieldError } from '@shop/platform';
import { londonDateInWords } from '@shop/domain/london-time';
import { messageFor } from '@shop/domain/error-codes';
import { REDEMPTION_UNDO_MINUTES } from '@shop/domain/voucher-status';
import { VoucherSchema } from '../contract.ts';
import type { AnyDb } from '../db/database.ts';
import type { VoucherRow } from '../issue/issue.ts';
import { moveVouchers, type VoucherSelector } from '../transitions/transitions.store.ts';
import * as vouchers from '../vouchers/vouchers.store.ts';
import { voucherView } from '../vouchers/voucher-view.ts';
import { answerOf, latestRedemption, logAttempt } from './redemption.store.ts';
import type { RedemptionChannel, RedemptionResult } from './redemption.tables.ts';

type VoucherView = z.infer<typeof VoucherSchema>;

/** Words of the undo's refusals (REST problem codes of this service; the shop's GraphQL codes come with the gateway). */
export const REDEMPTION_MESSAGES = {
  REDEMPTION_UNDO_EXPIRED: `A redemption can be undone within ${REDEMPTION_UNDO_MINUTES} minutes.`,
  VOUCHER_NOT_REDEEMED: 'This voucher is not redeemed, so there is nothing to undo.',
  REDEMPTION_NOT_YOURS: 'Only the business that redeemed this voucher can undo it.',
} as const;

export const NOT_FOUND_DETAIL = 'Sorry, we could not find that voucher code.';

interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail?: string;
  code: string;
  errors?: FieldError[];
  [extra: string]: unknown;
}

/** What a call answers: the voucher, or a problem (404 or 409). */
export type RedemptionAnswer = { status: 200; body: VoucherView } | { status: 404; body: ReturnType<typeof notFoundProblem> } | { status: 409; body: ReturnType<typeof problem<409, Record<string, unknown>>> };

/** Rebuilds a stored answer exactly as it was given (same keys in the same order). */
function replayed(stored: { status: number; body: unknown }): RedemptionAnswer {
  if (stored.status === 200) return { status: 200, body: VoucherSchema.parse(stored.body) };
  const { type: _type, title: _title, status: _status, detail, code, errors, ...extra } = stored.body as ProblemBody;
  if (stored.status === 404) return { status: 404, body: notFoundProblem(detail) };
  return { status: 409, body: problem(409, code, { ...(detail !== undefined ? { detail } : {}), ...(errors ? { errors } : {}), extra }) };
}

type Trx = Parameters<Parameters<ReturnType<AnyDb['transaction']>['execute']>[0]>[0];
interface Attempted {
  answer: RedemptionAnswer;
  result: RedemptionResult;
  voucher: VoucherRow | undefined;
}

/**
 * One merchant move of a voucher of their own deals (redeem, unredeem), in the caller's
 * transaction: the conditional move, then the voucher as it now is — not among these deals (or no
 * voucher named): not found; moved: 200 with it; else the refusal the caller words.
 */
async function attemptTransition(
  trx: Trx,
  which: Extract<VoucherSelector, { id: string } | { code: string }> | null,
  move: { event: 'redeem' | 'unredeem'; reason: string; done: RedemptionResult },
  input: { merchantRef: string; dealIds: readonly number[]; at: Date },
  refused: (voucher: VoucherRow) => Promise<{ answer: RedemptionAnswer; result: RedemptionResult }>,
): Promise<Attempted> {
  const moved = which ? await moveVouchers(trx, which, { event: move.event, actor: 'merchant', actorRef: input.merchantRef, dealIds: input.dealIds, reason: move.reason, at: input.at }) : [];
  const voucher = which ? await vouchers.merchantVoucher(trx, which, input.dealIds) : undefined;
  if (!voucher) return { answer: { status: 404, body: notFoundProblem(NOT_FOUND_DETAIL) }, result: 'not_found', voucher };
  if (moved.length === 1) return { answer: { status: 200, body: voucherView(voucher) }, result: move.done, voucher };
  return { ...(await refused(voucher)), voucher };
}

/** Rolls the redemption's transaction back when its device attempt id was logged first by another call. */
class AlreadyAnswered extends Error {}

/** Why a voucher the merchant holds up cannot be redeemed, in words for the till, and the result for the log. */
export function refusalOf(v: VoucherRow, redeemedAt: Date | null, now: Date): { result: RedemptionResult; detail: string } {
  if ((v.status === 'Ready to Redeem' || v.status === 'Booked') && v.expires_at && new Date(v.expires_at) <= now) {
    return { result: 'not_redeemable', detail: `This voucher expired on ${londonDateInWords(new Date(v.expires_at))}.` };
  }
  if (v.status === 'Redeemed') return { result: 'already_redeemed', detail: `This voucher was redeemed on ${londonDateInWords(redeemedAt ?? new Date(v.updated_at))}.` };
  return { result: 'not_redeemable', detail: `This voucher cannot be redeemed: its status is ${v.status}.` };
}

export interface RedeemInput {
  /** Null: a forged or foreign link, not found (still logged). */
  which: Extract<VoucherSelector, { id: string } | { code: string }> | null;
  /** What the merchant gave (the code as typed, the link as scanned), for the log. */
  given: string;
  dealIds: readonly number[];
  merchantRef: string;
  actorRef: string | null;
  channel: RedemptionChannel;
  attemptId: string | null;
  at: Date;
}

/** Redeems one voucher of the merchant's own deals; the answer and its attempt, in one transaction. */
export async function redeemOne(db: AnyDb, input: RedeemInput): Promise<RedemptionAnswer> {
  if (input.attemptId) {
    const first = await answerOf(db, input.merchantRef, input.attemptId);
    if (first) return replayedFor(first, input);
  }
  try {
    return await db.transaction().execute(async (trx) => {
      const { answer, result, voucher } = await attemptTransition(trx, input.which, { event: 'redeem', reason: 'Redeemed by the merchant', done: 'redeemed' }, input, async (v) => {
        const redeemedAt = v.status === 'Redeemed' ? ((await latestRedemption(trx, v.id))?.at ?? null) : null;
        const refusal = refusalOf(v, redeemedAt, input.at);
        const extra: Record<string, unknown> = { reason: refusal.result, ...(redeemedAt ? { redeemedAt: redeemedAt.toISOString() } : {}) };
        return { result: refusal.result, answer: { status: 409, body: problem(409, 'VOUCHER_NOT_REDEEMABLE', { detail: refusal.detail, errors: [{ field: 'code', message: messageFor('VOUCHER_NOT_REDEEMABLE') }], extra }) } };
      });
      const logged = await logAttempt(trx, {
        merchantRef: input.merchantRef,
        actorRef: input.actorRef,
        channel: input.channel,
        code: input.given,
        voucherId: voucher?.id ?? null,
        result,
        at: input.at,
        attemptId: input.attemptId,
        answer: input.attemptId ? { status: answer.status, body: answer.body } : null,
      });
      if (!logged) throw new AlreadyAnswered();
      return answer;
    });
  } catch (error) {
    if (!(error instanceof AlreadyAnswered) || !input.attemptId) throw error;
    // The same attempt id was answered by a concurrent call: what it redeemed is rolled back here, its answer is the answer.
    const first = await answerOf(db, input.merchantRef, input.attemptId);
    if (!first) throw new Error('redemption attempt logged without its answer', { cause: error });
    return replayedFor(first, input);
  }
}

/** An attempt id answers only the attempt it was made for: reused for another code, it is refused (nothing redeemed). */
function replayedFor(first: { status: number; body: unknown; given: string }, input: RedeemInput): RedemptionAnswer {
  if (first.given !== input.given) {
    const message = 'This attempt id was already used for another code.';
    return { status: 409, body: problem(409, 'ATTEMPT_ID_REUSED', { detail: message, errors: [{ field: 'attemptId', message }] }) };
  }
  return replayed(first);
}

export interface UndoInput {
  voucherId: string;
  dealIds: readonly number[];
  merchantRef: string;
  actorRef: string | null;
  at: Date;
}

/**
 * Undoes a redemption: Redeemed → the status it was redeemed from, only by the business that
 * redeemed it and within 15 minutes of it (the rule's guards, in the one conditional statement).
 */
export async function undoRedemption(db: AnyDb, input: UndoInput): Promise<RedemptionAnswer> {
  return db.transaction().execute(async (trx) => {
    const { answer, result, voucher } = await attemptTransition(trx, { id: input.voucherId }, { event: 'unredeem', reason: 'Redemption undone by the merchant', done: 'undone' }, input, async (v) => {
      const redemption = v.status === 'Redeemed' ? await latestRedemption(trx, v.id) : undefined;
      const code = v.status !== 'Redeemed' ? 'VOUCHER_NOT_REDEEMED' : redemption?.by !== input.merchantRef ? 'REDEMPTION_NOT_YOURS' : 'REDEMPTION_UNDO_EXPIRED';
      const extra: Record<string, unknown> = redemption ? { redeemedAt: redemption.at.toISOString() } : {};
      return { result: 'undo_refused', answer: { status: 409, body: problem(409, code, { detail: REDEMPTION_MESSAGES[code], errors: [{ field: 'voucherId', message: REDEMPTION_MESSAGES[code] }], extra }) } };
    });
    await logAttempt(trx, { merchantRef: input.merchantRef, actorRef: input.actorRef, channel: 'typed', code: input.voucherId, voucherId: voucher?.id ?? null, result, at: input.at });
    return answer;
  });
}

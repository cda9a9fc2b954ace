/**
 * Promo codes (spec §5): the outcome is classified by what the message contains (expired,
 * invalid, already used, not applicable, not eligible), so each message below carries its word.
 */
import { PROMO_OUTCOMES, type PromoOutcome } from '@shop/domain/buying';
import type { AnyDb } from '../db/database.ts';
import * as store from './promo.store.ts';
import { guestKeyOf } from '../lib/customer-key.ts';

export type PromoResultOutcome = PromoOutcome | 'applied';

export const PROMO_MESSAGES = {
  expired: 'This promo code has expired.',
  invalid: 'This promo code is invalid.',
  'already used': 'You have already used this promo code.',
  'not applicable': 'This promo code is not applicable to the deals in your basket.',
  'not eligible': 'You are not eligible to use this promo code.',
} as const satisfies Record<PromoOutcome, string>;

export const promoAppliedMessage = (description: string): string => `Promo code applied: ${description}.`;

/** Spec §5, literally: the outcome is the first outcome word the message contains; none of them: applied. */
export function classifyPromoMessage(message: string): PromoResultOutcome {
  const lower = message.toLowerCase();
  return PROMO_OUTCOMES.find((word) => lower.includes(word)) ?? 'applied';
}

export const PROMO_CODE_SHAPE = /^[A-Z0-9-]{1,40}$/;
export const normalisePromoCode = (code: string): string => code.trim().toUpperCase();

export interface PromoLine {
  subcategoryId: number | null;
  /** What the line costs (pence), postage excluded. */
  amount: number;
}

export interface PromoContext {
  now: Date;
  /** c:{customerToken} / g:{canonical email} / b:{basketToken} (pricing customerKeyOf). */
  customerKey: string;
  customerToken: string | null;
  email: string | null;
  /** The shopper is a VIP member, or ticked VIP membership in this checkout. */
  vip: boolean;
  lines: PromoLine[];
}

export interface PromoResult {
  code: string;
  applicable: boolean;
  message: string;
  outcome: PromoResultOutcome;
  /** Pence off; 0 unless applicable. */
  discount: number;
}

function refuse(code: string, outcome: PromoOutcome): PromoResult {
  const message = PROMO_MESSAGES[outcome];
  return { code, applicable: false, message, outcome: classifyPromoMessage(message), discount: 0 };
}

export async function evaluatePromo(db: AnyDb, rawCode: string, ctx: PromoContext): Promise<PromoResult> {
  const code = normalisePromoCode(rawCode);
  if (!PROMO_CODE_SHAPE.test(code)) return refuse(code.slice(0, 40), 'invalid');
  const promo = await store.findPromoCode(db, code);
  if (!promo) return refuse(code, 'invalid');
  if (promo.starts_at && new Date(promo.starts_at) > ctx.now) return refuse(code, 'invalid');
  if (promo.expires_at && new Date(promo.expires_at) <= ctx.now) return refuse(code, 'expired');
  if (promo.eligibility === 'vip' && !ctx.vip) return refuse(code, 'not eligible');
  if (promo.eligibility === 'new_customer' && (ctx.customerToken || ctx.email) && (await store.hasPaidOrder(db, { customerToken: ctx.customerToken, email: ctx.email }))) return refuse(code, 'not eligible');
  if (promo.single_use) {
    const keys = [ctx.customerKey, ...(ctx.email ? [guestKeyOf(ctx.email)] : [])];
    if (await store.redeemedBy(db, code, keys)) return refuse(code, 'already used');
  }
  const base = ctx.lines.filter((l) => promo.subcategory_id === null || l.subcategoryId === promo.subcategory_id).reduce((sum, l) => sum + l.amount, 0);
  if (base <= 0) return refuse(code, 'not applicable');
  const discount = promo.percent_off !== null ? Math.floor((base * promo.percent_off) / 100) : Math.min(promo.amount_off ?? 0, base);
  const message = promoAppliedMessage(promo.description);
  return { code, applicable: true, message, outcome: classifyPromoMessage(message), discount };
}

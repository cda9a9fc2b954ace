/**
 * Gift cards redeemed for wallet credit (issue 18 point 2; spec §2 /giftcard/redeem, §7
 * /gift-card/redeem, §9 "a gift card is redeemable for wallet credit within 6 months of purchase",
 * "Wallet credit expires 12 months after redemption"). A gift card is a voucher of the shop's
 * gift-card deal (GIFT_CARD_DEAL_ID): its code is the voucher's (89 random bits, issue/voucher-codes.ts).
 *
 * One transaction (reliability M8/M9): one conditional statement moves the card Ready to Redeem →
 * Redeemed (only while it is a gift card, Ready to Redeem and within its 6 months, checked in SQL
 * on the locked row) with its `redeem` event (actor shopper, actor_ref the redeeming customer),
 * and the wallet is credited its face value in the same transaction (creditWallet, ref
 * `gift-card:<voucherId>`, refundable bucket: it was bought with money, so the 10% promotional
 * limit does not apply) as a dated lot expiring 12 months after redemption. Of 32 accounts
 * redeeming one code at once, one moves it and gets the credit; the others find it Redeemed.
 * The caller (the checkout's /gift-card/redeem) counts the attempt against the code-guessing limits.
 */
import { sql } from 'kysely';
import { GIFT_CARD_DEAL_ID, giftCardCreditExpiry, giftCardExpiredMessage, giftCardRedeemBy, GIFT_CARD_REDEEM_MONTHS, messageFor, normaliseGiftCardCode } from '@shop/domain';
import { creditWallet, type WalletCurrency } from '@shop/wallet';
import type { AnyDb } from '../db/database.ts';

export type GiftCardRedemption =
  | { ok: true; amount: number; currency: WalletCurrency; redeemedAt: Date; creditExpiresAt: Date }
  | { ok: false; code: 'GIFT_CARD_NOT_FOUND'; detail: string }
  | { ok: false; code: 'ALREADY_REDEEMED'; detail: string }
  | { ok: false; code: 'GIFT_CARD_EXPIRED'; detail: string; expiredAt: Date };

/** Why a gift card was not redeemed, as the shopper reads it (found: the code exists as a gift card). */
function refusalOf(row: { status: string; paid_at: Date | string } | undefined): Exclude<GiftCardRedemption, { ok: true }> {
  if (!row) return { ok: false, code: 'GIFT_CARD_NOT_FOUND', detail: messageFor('GIFT_CARD_NOT_FOUND') };
  if (row.status === 'Redeemed') return { ok: false, code: 'ALREADY_REDEEMED', detail: messageFor('ALREADY_REDEEMED') };
  const expiredAt = giftCardRedeemBy(new Date(row.paid_at));
  if (row.status === 'Ready to Redeem' || row.status === 'Expired') return { ok: false, code: 'GIFT_CARD_EXPIRED', detail: giftCardExpiredMessage(expiredAt), expiredAt };
  // Refunded, cancelled (a payment declined at settlement), exchanged: it no longer has a value.
  return { ok: false, code: 'GIFT_CARD_NOT_FOUND', detail: 'This gift card can no longer be redeemed: it was refunded or cancelled.' };
}

export async function redeemGiftCard(db: AnyDb, input: { code: string; customerToken: string; now: Date }): Promise<GiftCardRedemption> {
  const code = normaliseGiftCardCode(input.code);
  const at = input.now;
  return db.transaction().execute(async (trx): Promise<GiftCardRedemption> => {
    // The 6 months, as the London calendar counts them: paid_at's London day + 6 months, to its end.
    const { rows } = await sql<{ id: string; price: number; currency: WalletCurrency; paid_at: Date }>`
      with moved as (
        update vouchers.voucher set status = 'Redeemed', updated_at = ${at}
        where code = ${code} and deal_id = ${GIFT_CARD_DEAL_ID} and status = 'Ready to Redeem'
          and ${at}::timestamptz < ((((paid_at at time zone 'Europe/London')::date + make_interval(months => ${GIFT_CARD_REDEEM_MONTHS}::int))::date + 1)::timestamp at time zone 'Europe/London')
        returning id, price, currency, paid_at
      ), events as (
        insert into vouchers.voucher_event (voucher_id, event, from_status, to_status, actor, actor_ref, reason, at)
        select id, 'redeem', 'Ready to Redeem', 'Redeemed', 'shopper', ${input.customerToken}, 'Gift card redeemed for wallet credit', ${at} from moved
      )
      select id, price, currency, paid_at from moved`.execute(trx);
    const card = rows[0];
    if (!card) {
      const found = await sql<{ status: string; paid_at: Date }>`select status, paid_at from vouchers.voucher where code = ${code} and deal_id = ${GIFT_CARD_DEAL_ID}`.execute(trx);
      return refusalOf(found.rows[0]);
    }
    const creditExpiresAt = giftCardCreditExpiry(at);
    await creditWallet(trx, {
      customerToken: input.customerToken,
      currency: card.currency,
      amount: Number(card.price),
      bucket: 'refundable',
      reason: 'Gift card redeemed',
      ref: `gift-card:${card.id}`,
      expiresAt: creditExpiresAt,
    });
    return { ok: true, amount: Number(card.price), currency: card.currency, redeemedAt: at, creditExpiresAt };
  });
}

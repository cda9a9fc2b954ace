/**
 * Posted gift cards to send (issue 18 point 2). The gift-card merchant is the shop itself, so its
 * staff post the printed cards (the gateway's staff-only giftCardsToPost and markGiftCardOrderSent).
 * "Mark as sent" is one transaction: the vouchers' posting module marks every posted card of the
 * order still Ready to Redeem sent (once each, under its row lock: a refund at the same moment is
 * decided before or after), and the buyer's "Your gift card has been posted" email goes into the
 * order mail outbox (unique per order and kind: once, however often it is marked). It is sent
 * after the commit, or by the outbox job when the relay is down.
 */
import { formatMoney, type Currency } from '@shop/domain/money';
import { GIFT_CARD_POST_WORKING_DAYS, GIFT_CARD_REDEEM_MONTHS } from '@shop/domain/gift-cards';
import { markGiftCardOrderSent, type CheckoutDeps } from '../lib/deps.ts';
import * as store from '../orders/orders.store.ts';
import { deliverOrderMail } from '../orders/orders.ts';
import { addressInOneLine } from '../lib/address-line.ts';

const GIFT_CARD_POSTED_MAIL = 'gift_card_posted';

type Sent = Awaited<ReturnType<typeof markGiftCardOrderSent>>;

function postedMailText(deps: CheckoutDeps, order: Extract<Sent, { ok: true }>['order']): string {
  const to = addressInOneLine(order.deliverTo) || 'the delivery address of your order';
  const sent = order.cards.filter((c) => c.status === 'Ready to Redeem' || c.status === 'Redeemed');
  const cards = sent.map((c) => `- ${formatMoney(c.amount, c.currency as Currency)} Thistle Deals gift card`);
  const base = deps.publicBaseUrl.replace(/\/$/, '');
  return [
    `Your gift card${sent.length === 1 ? ' has' : 's have'} been posted.`,
    '',
    `We posted the printed card${sent.length === 1 ? '' : 's'} of your order ${order.orderNumber} by Royal Mail to ${to}. ${sent.length === 1 ? 'It arrives' : 'They arrive'} within ${GIFT_CARD_POST_WORKING_DAYS} working days of your payment.`,
    '',
    ...cards,
    '',
    `The code${sent.length === 1 ? ' is' : 's are'} also in your order confirmation. A gift card is redeemed for wallet credit within ${GIFT_CARD_REDEEM_MONTHS} months of purchase: ${base}/giftcard/redeem`,
    `Gift card terms: ${base}/page/giftcardterms`,
  ].join('\n');
}

export async function markGiftCardOrderPosted(deps: CheckoutDeps, input: { orderNumber: string; actorRef: string }): Promise<Sent> {
  const at = deps.now();
  const answer = await deps.db.transaction().execute(async (trx) => {
    const sent = await markGiftCardOrderSent(trx, { orderNumber: input.orderNumber, actorRef: input.actorRef, at });
    if (sent.ok && sent.marked > 0) {
      const order = await store.orderById(trx, sent.order.orderId);
      await store.queueMail(trx, { order_id: order.id, kind: GIFT_CARD_POSTED_MAIL, to_address: order.email, subject: 'Your gift card has been posted', text_body: postedMailText(deps, sent.order), html_body: null, created_at: at });
    }
    return sent;
  });
  if (answer.ok && answer.marked > 0) {
    await deliverOrderMail(deps).catch((error: unknown) => deps.log('[checkout] gift card posted mail not sent now; the outbox job retries', { error: error instanceof Error ? error.message : String(error) }));
  }
  return answer;
}

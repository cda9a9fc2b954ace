/**
 * Orders: the state machine (PENDING → PAID | FAILED, nothing else; every change a conditional
 * UPDATE plus an append-only order_event in the same transaction), finishing an order after the
 * provider answered (README "Place order" steps 4 and 5, also used by reconciliation), vouchers,
 * the confirmation mail written to the outbox in the paying transaction, and the answers.
 */
import { money } from '@shop/domain/money';
import type { OrderView, PlacedOrder } from '../contract.ts';
import { BUYING_MESSAGES, type OrderStatus } from '@shop/domain/buying';
import { isEmail, normaliseEmail } from '@shop/domain/accounts';
import { londonDateInWords, londonExpiry } from '@shop/domain/london-time';
import { giftSendAfter, giftSendOnInWords, isCalendarDate } from '@shop/domain/gift-send-date';
import { VOUCHER_EXTENSION_MAX_MONTHS } from '@shop/domain/voucher-status';
import { breakdownText } from '@shop/domain/price-breakdown';
import { SITE_NAME } from '@shop/domain/page-head';
import { GIFT_CARD_DEAL_ID, GIFT_CARD_POST_WORKING_DAYS } from '@shop/domain/gift-cards';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { problem, type ProblemWith } from '@shop/platform';
import type { Selectable } from 'kysely';
import type { AnyDb } from '../db/database.ts';
import type { MailOutboxTable } from '../db/tables.ts';
import {
  captureWalletCredit,
  fault,
  grantVipMembership,
  qualifyReferral,
  instrumentFingerprints,
  firstNameOfCustomer,
  recordPurchase,
  releaseWalletCredit,
  removeLines,
  sellHeld,
  uncountPurchase,
  unpinHold,
  mailRetryAt,
  MAIL_GIVE_UP_AFTER_MS,
  issueVouchers,
  newVouchers,
  recordOrderPayment,
  recordOrderDelivery,
  recordPostedLines,
  recordOrderPoints,
  sharesOf,
  vouchersOfOrder,
  firstVouchersOfProduct,
  lockRedeemableVouchers,
  extendVoucher,
  insertVoucherExtensions,
  type ChargeResult,
  type CheckoutDeps,
  type VoucherRow,
  voucherView,
  createOrderGifts,
  giftClaimLink,
} from '../lib/deps.ts';
import * as store from './orders.store.ts';
import { completeKeyOfOrder, type LineRow, type OrderRow } from './orders.store.ts';
import { orderBreakdown, paidWithWords } from '../lib/breakdown.ts';
import { BASKET_VVE_MONTHS } from '../checkout/pricing.ts';
import { sha256 } from '../lib/tokens.ts';
import { addressInOneLine } from '../lib/address-line.ts';


/**
 * A voucher is valid for its deal's `voucher_validity_months` (the figure its fine print states,
 * kept on the order line as sold); a line without one (sold before issue 14) has the 3 months the
 * fine print said then. The VVE add-on extends them (spec §9: up to 3 months).
 */
export const VOUCHER_VALIDITY_FALLBACK_MONTHS = 3;

const ALLOWED: Record<OrderStatus, OrderStatus[]> = { PENDING: ['PAID', 'FAILED'], PAID: ['PAYMENT_FAILED'], FAILED: [], PAYMENT_FAILED: [] };

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ALLOWED[from].includes(to);
}

/** Moves an order from `from` to `to` if it is still in `from` (store.moveOrderRow); the order as it now is, or undefined when someone else moved it first. */
function moveOrder(...args: Parameters<typeof store.moveOrderRow>): Promise<OrderRow | undefined> {
  const [, orderId, from, to] = args;
  if (!canTransition(from, to)) throw new Error(`Order ${orderId}: ${from} → ${to} is not a transition`);
  return store.moveOrderRow(...args);
}

type Succeeded = Extract<ChargeResult, { status: 'succeeded' }>;

/** Filled with the idempotency key's final answer (the bytes stored) when finishPaid or finishFailed committed it. */
export interface StoredAnswer {
  status: number;
  body: string;
}

/**
 * Step 4, one transaction: held units sold, wallet credit captured, order PAID, payment row,
 * vouchers, buy-again history, basket lines removed, confirmation mail in the outbox, the
 * idempotency key's final answer. False (nothing written) when the order is no longer PENDING.
 */
export async function finishPaid(deps: CheckoutDeps, orderId: string, charge: Succeeded | null, fromRequest = false, stored?: StoredAnswer): Promise<boolean> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const locked = await store.lockOrderForPaying(trx, orderId);
    if (!locked || locked.order.status !== 'PENDING') return false;
    const { order, lines: allLines, keyAccessToken } = locked;
    // An order's deal lines carry the stock, caps and vouchers; its VVE add-on lines extend them.
    const lines = order.kind === 'order' ? allLines.filter((l) => l.addon_type === null) : allLines;
    const addonLines = order.kind === 'order' ? allLines.filter((l) => l.addon_type === 'VVE') : [];

    if (order.kind === 'order') {
      await sellHeld(trx, { holdKey: order.basket_token, items: lines.map((l) => ({ productId: l.deal_product_id, quantity: l.quantity })) });
    }
    if (order.wallet_used > 0) await captureWalletCredit(trx, { ref: orderId });
    const payment: store.PaymentRowInput | null =
      charge && order.cash_amount > 0
        ? { provider: charge.provider, method: order.payment_method, amount: order.cash_amount, currency: order.currency, transactionId: charge.transactionId, cardType: charge.cardType, instrumentId: charge.instrumentId }
        : null;
    // One statement: the order PAID, its event and its payment row.
    const paid = await moveOrder(trx, orderId, 'PENDING', 'PAID', now, {
      provider: charge?.provider ?? null,
      card_type: charge?.cardType ?? null,
      transaction_id: charge?.transactionId ?? null,
      paid_at: now,
    }, { provider: charge?.provider ?? 'wallet', transactionId: charge?.transactionId ?? null }, payment);

    // The vouchers written here: the answer and the mail are made from them (null: read back).
    let issued: VoucherRow[] | null = null;
    if (order.kind === 'order') {
      // What the vouchers were paid, each its share after the promo discount (what a refund gives back).
      const units = lines.flatMap((line) => Array.from({ length: line.quantity }, () => line.unit_price));
      const paidShares = sharesOf(units, Math.max(0, units.reduce((a, b) => a + b, 0) - order.promo_discount));
      const vouchers = lines.flatMap((line) => {
        const recipient = line.gift_recipient ? ((typeof line.gift_recipient === 'string' ? JSON.parse(line.gift_recipient) : line.gift_recipient) as { name?: string }) : null;
        return newVouchers(
          {
            order_id: orderId,
            order_number: order.order_number,
            order_line_id: line.id,
            customer_token: order.customer_token,
            deal_id: line.deal_id,
            deal_product_id: line.deal_product_id,
            title: line.title,
            recipient_name: recipient?.name ?? null,
            price: line.unit_price,
            paid: 0,
            currency: order.currency,
            paid_at: now,
            expires_at: londonExpiry(now, line.validity_months ?? VOUCHER_VALIDITY_FALLBACK_MONTHS),
          },
          line.quantity,
          now,
        );
      });
      vouchers.forEach((v, i) => (v.paid = paidShares[i]!));
      // The payment behind them, for their refunds: the card's capture and the wallet's.
      await recordOrderPayment(trx, {
        order_id: orderId,
        order_number: order.order_number,
        customer_token: order.customer_token,
        currency: order.currency,
        method: order.payment_method,
        provider: payment ? payment.provider : null,
        transaction_id: payment ? payment.transactionId : null,
        cash_captured: payment ? payment.amount : 0,
        wallet_captured: order.wallet_used,
      });
      // Where goods go: the merchant's orders to post read it in the vouchers service (issue 17 point 5).
      if (order.delivery_address) {
        const address = typeof order.delivery_address === 'string' ? JSON.parse(order.delivery_address) : order.delivery_address;
        await recordOrderDelivery(trx, orderId, address as Parameters<typeof recordOrderDelivery>[2]);
        // Posted gift cards (issue 18 point 2): their lines paid postage; the gift-card merchant posts them.
        await recordPostedLines(trx, orderId, lines.filter((l) => isPostedGiftCardLine(l)).map((l) => String(l.id)));
      }
      if (fromRequest && vouchers.length > 1 && deps.faultPoint === 'mid-voucher-issue') {
        // C1-lite: the process dies after the first voucher was written.
        await issueVouchers(trx, [vouchers.shift()!]);
        fault(deps, 'mid-voucher-issue');
      }
      // Every voucher of the order, with its 'issue' event (the vouchers service's module function).
      await issueVouchers(trx, vouchers);
      if (addonLines.length) {
        // The add-on bought with the order extends the first vouchers of its product: read back below.
        for (const addon of addonLines) {
          const first = await firstVouchersOfProduct(trx, orderId, addon.deal_product_id, addon.quantity);
          for (const v of first) {
            await extendVoucher(trx, { voucherId: v.id, expiresAt: londonExpiry(new Date(v.expires_at!), BASKET_VVE_MONTHS), extendedMonths: BASKET_VVE_MONTHS, months: BASKET_VVE_MONTHS, at: now });
          }
        }
      } else {
        issued = vouchers;
      }
      if (order.customer_token) {
        const byDeal = new Map<number, number>();
        for (const l of lines) byDeal.set(l.deal_id, (byDeal.get(l.deal_id) ?? 0) + l.quantity);
        for (const [dealId, quantity] of byDeal) await recordPurchase(trx as never, { customerToken: order.customer_token, dealId, quantity, at: now });
      }
      await removeLines(trx, order.basket_token, lines.map((l) => l.deal_product_id));
      // The VIP membership paid for in this order: granted with the payment (settlement.ts takes it back).
      if (order.vip > 0) {
        const vip = order.customer_token ? await grantVipMembership(trx, { customerToken: order.customer_token, orderRef: orderId, now }) : null;
        if (!vip?.granted) deps.log('[checkout] VIP membership paid for but not granted: no account', { orderId });
      }
      // Refer a friend (issue 18 point 4): a referee's first paid order makes their referral pending until its refund window ends.
      if (order.customer_token) await qualifyReferral(trx, { customerToken: order.customer_token, orderRef: orderId, paidAt: now, fingerprintsOf: (token) => instrumentFingerprints(trx, token) });
      // Loyalty (issue 18 point 6): 10 points per whole pound paid in cash, pending until the refund
      // window passes (the rewards service's settle job, against loyalty/order-standing.ts).
      if (order.customer_token && payment) await recordOrderPoints(trx, { orderId, orderNumber: order.order_number, customerToken: order.customer_token, paidPence: payment.amount, paidAt: now, now });
    } else {
      // The VVE add-on: the parent order's vouchers that can still be used gain the months bought.
      const months = lines[0]?.quantity ?? 0;
      // Bought for one voucher (My Vouchers, a reminder): only that one (place-order.ts).
      const vouchers = await lockRedeemableVouchers(trx, order.parent_order_id!, orderId);
      const extensions: Array<{ addon_order_id: string; voucher_id: string; months: number; expires_before: Date; expires_after: Date }> = [];
      for (const v of vouchers) {
        const add = Math.min(months, VOUCHER_EXTENSION_MAX_MONTHS - v.extended_months);
        if (add <= 0 || !v.expires_at) continue;
        const expiresAfter = londonExpiry(new Date(v.expires_at), add);
        await extendVoucher(trx, { voucherId: v.id, expiresAt: expiresAfter, extendedMonths: v.extended_months + add, months: add, at: now });
        extensions.push({ addon_order_id: orderId, voucher_id: v.id, months: add, expires_before: new Date(v.expires_at), expires_after: expiresAfter });
      }
      // What each voucher gained, so a payment declined at settlement takes exactly that back (settlement.ts).
      await insertVoucherExtensions(trx, extensions);
    }
    // The order as paid, its lines and vouchers as just written: the mail and the answer need no re-read.
    const view = paid && issued ? viewOf(paid, allLines, issued) : null;
    const confirmation = await confirmationMail(trx, deps, orderId, now, paid && view ? { order: paid, view } : null);
    // Each e-gift recipient's gift (its claim link) is made here too, with the vouchers it gives (issue 16 point 8).
    const mail = [confirmation, ...(order.kind === 'order' ? await egiftMails(trx, deps, order, lines, view ?? (await orderView(trx, paid ?? order)), now) : [])];
    const answer = paid && view ? answerOf(paid, view, paid.customer_token ? null : keyAccessToken) : await orderAnswer(trx, orderId, null);
    const body = JSON.stringify(answer.body);
    // One statement: the confirmation mail into the outbox, the basket's checkout options cleared
    // (promo code, VIP tick and hold: an order's basket starts afresh) and the key's final answer
    // (completeKeyOfOrder).
    await store.writePaidOrderOutcome(trx, { orderId, basketToken: order.kind === 'order' ? order.basket_token : null, mail, status: answer.status, body, now });
    // C1-lite: the request's process "dies" after the provider took the money, before this commits.
    if (fromRequest) fault(deps, 'after-provider-success-before-commit');
    if (stored) Object.assign(stored, { status: answer.status, body });
    return true;
  });
}

/**
 * Step 5, one transaction: caps uncounted, wallet credit released, the hold unpinned (it runs
 * out at its own time again), a single-use promo code freed, order FAILED with the spec §8 words.
 */
export async function finishFailed(
  deps: CheckoutDeps,
  orderId: string,
  failure: { code: 'PAYMENT_DECLINED' | 'PAYMENT_FAILED' | 'CARD_NOT_ACCEPTED'; message: string; retryable: boolean },
  stored?: StoredAnswer,
): Promise<boolean> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const order = await store.lockOrder(trx, orderId);
    if (!order || order.status !== 'PENDING') return false;
    if (order.kind === 'order') {
      const lines = await store.dealLinesOf(trx, orderId);
      for (const l of lines) await uncountPurchase(trx, { customerKey: order.customer_key, productId: l.deal_product_id, quantity: l.quantity, day: order.cap_day });
      await unpinHold(trx, { holdKey: order.basket_token });
    }
    if (order.wallet_used > 0) await releaseWalletCredit(trx, { ref: orderId });
    await store.deletePromoRedemptions(trx, orderId);
    await moveOrder(trx, orderId, 'PENDING', 'FAILED', now, { failure_code: failure.code, failure_message: failure.message }, { code: failure.code, retryable: failure.retryable });
    const body = { ...problem(402, failure.code, failure.message), retryable: failure.retryable, orderNumber: order.order_number };
    await completeKeyOfOrder(trx, orderId, 402, JSON.stringify(body), now);
    if (stored) Object.assign(stored, { status: 402, body: JSON.stringify(body) });
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Answers



const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());


export async function orderView(db: AnyDb, order: OrderRow): Promise<OrderView> {
  const [lines, vouchers] = await Promise.all([store.linesOf(db, order.id), vouchersOfOrder(db, order.id)]);
  return viewOf(order, lines, vouchers);
}

const byVoucherOrder = (a: VoucherRow, b: VoucherRow): number =>
  Number(a.order_line_id) - Number(b.order_line_id) || new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/** The view of an order from rows in hand: lines in line_no order; vouchers sorted as orderView reads them. */
function viewOf(order: OrderRow, lines: LineRow[], unsortedVouchers: VoucherRow[]): OrderView {
  const vouchers = [...unsortedVouchers].sort(byVoucherOrder);
  return {
    id: order.order_number,
    orderNumber: order.order_number,
    kind: order.kind,
    status: order.status,
    createdAt: iso(order.created_at)!,
    paidAt: iso(order.paid_at),
    email: order.email,
    lines: lines.map((l) => ({
      dealId: l.deal_id,
      dealProductId: l.deal_product_id,
      title: l.title,
      quantity: l.quantity,
      price: money(l.unit_price),
      finalDealOrderAmount: money(l.line_total),
      addonType: l.addon_type,
      gift: l.gift,
      giftSendOn: giftSendOnOf(l),
      postedTo: postedToOf(order, l),
    })),
    // Spec §3 data.quantity: units bought (an order's add-on lines are not units; an add-on order's line is its months).
    quantity: lines.filter((l) => order.kind === 'addon' || l.addon_type === null).reduce((s, l) => s + l.quantity, 0),
    subtotal: money(order.subtotal),
    postage: money(order.postage),
    promoDiscount: money(order.promo_discount),
    vip: money(order.vip),
    total: money(order.total_amount),
    cashAmount: money(order.cash_amount),
    walletAmountUsed: money(order.wallet_used),
    paymentMethod: order.payment_method,
    cardType: order.card_type,
    failure: order.failure_code ? { code: order.failure_code, message: order.failure_message ?? '' } : null,
    breakdown: orderBreakdown(order, lines),
    vouchers: vouchers.map((v) => voucherView(v)),
  };
}

/**
 * The spec §3 order response `{ data: { quantity, cardType, walletAmountUsed, currency,
 * productOrder: { id }, order } }`: 201 once PAID, 202 while PENDING, 402 once FAILED.
 * `accessToken` (guests) is the key to GET /order/{orderNumber} for this browser.
 */
export async function orderAnswer(db: AnyDb, orderId: string, accessToken: string | null): Promise<OrderAnswer> {
  const order = await store.orderById(db, orderId);
  if (order.status === 'FAILED' || order.status === 'PAYMENT_FAILED') {
    return { status: 402, body: { ...problem(402, order.failure_code!, order.failure_message ?? undefined), retryable: true, orderNumber: order.order_number } };
  }
  if (!accessToken && !order.customer_token) {
    accessToken = await store.keyAccessTokenOf(db, orderId);
  }
  return answerOf(order, await orderView(db, order), accessToken);
}

type OrderAnswer = { status: 201 | 202; body: PlacedOrder } | { status: 402; body: ProblemWith<402, { retryable: boolean; orderNumber: string }> };

function answerOf(order: OrderRow, view: OrderView, accessToken: string | null): OrderAnswer {
  if (order.status === 'FAILED') {
    return { status: 402, body: { ...problem(402, order.failure_code!, order.failure_message ?? undefined), retryable: true, orderNumber: order.order_number } };
  }
  const pending = order.status === 'PENDING';
  return {
    status: pending ? 202 : 201,
    body: {
      ...(pending ? { code: 'PAYMENT_PENDING' as const } : {}),
      message: pending ? ERROR_MESSAGES.PAYMENT_PENDING : BUYING_MESSAGES.purchaseSuccessful,
      data: {
        quantity: view.quantity,
        cardType: view.cardType,
        walletAmountUsed: order.wallet_used,
        currency: order.currency,
        productOrder: { id: order.order_number },
        accessToken,
        order: view,
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Confirmation mail: written in the paying transaction, sent after commit (and by the job).

/** The confirmation mail's outbox row (written with the key's final answer). */
async function confirmationMail(trx: AnyDb, deps: CheckoutDeps, orderId: string, now: Date, known: { order: OrderRow; view: OrderView } | null) {
  const order = known?.order ?? (await store.orderById(trx, orderId));
  const view = known?.view ?? (await orderView(trx, order));
  const addon = order.kind === 'addon';
  // Issue 18 point 2: a dated e-gift says the day its email goes to the recipient.
  const sendOnOf = (dealProductId: number) => view.lines.find((l) => l.dealProductId === dealProductId)?.giftSendOn ?? null;
  const emailedOn = (dealProductId: number) => {
    const sendOn = sendOnOf(dealProductId);
    return sendOn && giftSendAfter(sendOn, now) ? ` (we email it to them on ${giftSendOnInWords(sendOn)})` : '';
  };
  // Issue 18 point 2: a posted gift card says where it goes.
  const postedTo = (dealProductId: number) => view.lines.find((l) => l.dealProductId === dealProductId)?.postedTo ?? null;
  const postedWords = (dealProductId: number) => {
    const to = postedTo(dealProductId);
    return to ? `, a printed card posted to ${to} (it arrives within ${GIFT_CARD_POST_WORKING_DAYS} working days; the code can be redeemed now)` : '';
  };
  const voucherLines = view.vouchers.map((v) => `- ${v.title}: ${v.code}${v.expiresAt ? ` (use by ${londonDateInWords(v.expiresAt)})` : ''}${v.recipientName ? `, a gift for ${v.recipientName}${emailedOn(v.dealProductId)}` : ''}${postedWords(v.dealProductId)}`);
  const text = [
    addon ? `Your voucher extension for order ${order.order_number} is confirmed.` : `Thank you for your order ${order.order_number}.`,
    '',
    'What you paid:',
    ...breakdownText(view.breakdown, paidWithWords(order.payment_method, order.card_type)),
    '',
    ...(addon ? [] : ['Your vouchers (status: Ready to Redeem):', ...voucherLines, '']),
    // A signed-in buyer holds the vouchers in their account (issue 16 point 10); a guest keeps this email and the order page.
    ...(addon || !order.customer_token ? [] : [`See them and keep track of them in My Vouchers: ${deps.publicBaseUrl.replace(/\/$/, '')}/myaccount/vouchers`, '']),
    ...(addon ? [] : [`Want more time to use them? Extend your vouchers by up to 3 months: ${deps.publicBaseUrl.replace(/\/$/, '')}/order-addon?${new URLSearchParams({ order: order.order_number })}`]),
  ].join('\n');
  return {
    order_id: orderId,
    kind: addon ? 'order_addon_confirmation' : 'order_confirmation',
    to_address: order.email,
    subject: addon ? `Your voucher extension for order ${order.order_number}` : `Your order ${order.order_number}: your vouchers`,
    text_body: text,
    html_body: null,
    created_at: now,
  };
}

interface GiftRecipientRow {
  name?: string;
  email?: string | null;
  message?: string | null;
  /** Issue 18 point 2: the London date the email goes out ('YYYY-MM-DD'); absent or null: at once. */
  sendOn?: string | null;
}

/**
 * Issue 14 D: each e-gift recipient with an email gets their vouchers, written in the paying
 * transaction with the order's own mail: one message per recipient address (its own
 * Message-ID), with the giver's message and what to do next, never the price. Issue 16 point 8:
 * and the link that claims them into the recipient's own account (a gift per recipient, made
 * here by the vouchers service's createOrderGifts), so the buyer need forward nothing.
 */
/**
 * Issue 18 point 2: where a posted gift card line goes, the order's delivery address in one line;
 * null for any other line.
 */
function postedToOf(order: Pick<OrderRow, 'delivery_address'>, l: Pick<LineRow, 'deal_id' | 'postage' | 'addon_type'>): string | null {
  if (!isPostedGiftCardLine(l) || !order.delivery_address) return null;
  const a = (typeof order.delivery_address === 'string' ? JSON.parse(order.delivery_address) : order.delivery_address) as Record<string, unknown>;
  return addressInOneLine(a) || null;
}

/** A line of posted gift cards: the gift-card deal's, with postage paid (pricing charges postage only for a posted card). */
const isPostedGiftCardLine = (l: Pick<LineRow, 'deal_id' | 'postage' | 'addon_type'>): boolean => l.deal_id === GIFT_CARD_DEAL_ID && l.addon_type === null && l.postage > 0;

/** Issue 18 point 2: the send date chosen for an e-gift line, or null. */
function giftSendOnOf(l: Pick<LineRow, 'gift_recipient'>): string | null {
  if (!l.gift_recipient) return null;
  const r = (typeof l.gift_recipient === 'string' ? JSON.parse(l.gift_recipient) : l.gift_recipient) as GiftRecipientRow;
  return typeof r.sendOn === 'string' && isCalendarDate(r.sendOn) ? r.sendOn : null;
}

/** Who a guest's e-gift is from, in its mail and on its claim page (a guest's order keeps no name). */
export const EGIFT_GIVER_NAME = 'A friend';

async function egiftMails(trx: AnyDb, deps: CheckoutDeps, order: OrderRow, lines: LineRow[], view: OrderView, now: Date) {
  // One message per recipient address and send date (issue 18 point 2): a dated e-gift waits in
  // the outbox until the start of its London day (`send_after`); today or no date: at once.
  const byRecipient = new Map<string, { email: string; sendOn: string | null; name: string; lines: Array<{ line: LineRow; message: string | null }> }>();
  for (const line of lines) {
    if (line.addon_type !== null || !line.gift_recipient) continue;
    const r = (typeof line.gift_recipient === 'string' ? JSON.parse(line.gift_recipient) : line.gift_recipient) as GiftRecipientRow;
    if (typeof r.email !== 'string' || !isEmail(r.email)) continue;
    const email = normaliseEmail(r.email);
    const sendOn = giftSendAfter(r.sendOn, now) ? r.sendOn! : null;
    const key = sendOn ? `${email} ${sendOn}` : email;
    const entry = byRecipient.get(key) ?? { email, sendOn, name: r.name?.trim() || 'there', lines: [] };
    entry.lines.push({ line, message: r.message?.trim() || null });
    byRecipient.set(key, entry);
  }
  // A signed-in buyer's first name; a guest's order has none. Never the buyer's email address: the
  // claim page is open to whoever has the link.
  const giver = (order.customer_token ? await firstNameOfCustomer(trx, order.customer_token) : null) ?? EGIFT_GIVER_NAME;
  const recipients = [...byRecipient].map(([address, entry]) => ({ address, ...entry, vouchers: view.vouchers.filter((v) => entry.lines.some((t) => t.line.deal_product_id === v.dealProductId)) }));
  const gifts = await createOrderGifts(trx, {
    orderId: order.id,
    giverToken: order.customer_token,
    giverName: giver,
    at: now,
    recipients: recipients.map((r) => ({
      name: r.name,
      email: r.email,
      sendOn: r.sendOn,
      message: [...new Set(r.lines.map((t) => t.message).filter((m): m is string => m !== null))].join('\n') || null,
      voucherIds: r.vouchers.map((v) => v.id),
    })),
  });
  return recipients.map(({ address, email, sendOn, name, lines: theirs, vouchers }) => {
    const titles = [...new Set(theirs.map((t) => t.line.title))];
    const messages = [...new Set(theirs.map((t) => t.message).filter((m): m is string => m !== null))];
    const token = gifts.find((g) => g.email === email && g.sendOn === sendOn)?.token;
    const text = [
      `Hello ${name},`,
      '',
      `${giver} has sent you a gift from ${SITE_NAME}: ${titles.join(' and ')}.`,
      ...(messages.length ? ['', messages.length === 1 ? 'Their message to you:' : 'Their messages to you:', ...messages.map((m) => `"${m}"`)] : []),
      '',
      vouchers.length === 1 ? 'Your voucher is ready to use (status: Ready to Redeem):' : 'Your vouchers are ready to use (status: Ready to Redeem):',
      ...vouchers.map((v) => `- ${v.title}: ${v.code}${v.expiresAt ? ` (use by ${londonDateInWords(v.expiresAt)})` : ''}`),
      '',
      ...(token ? [`Claim your gift to keep it in your account (sign in or register on the way): ${giftClaimLink(deps.publicBaseUrl, token)}`, ''] : []),
      // A Thistle Deals gift card (issue 18 point 2) is redeemed on the shop, for wallet credit.
      ...(theirs.some((t) => t.line.deal_id === GIFT_CARD_DEAL_ID)
        ? [`To use a Thistle Deals gift card: sign in (or register) and enter its code at ${deps.publicBaseUrl}/giftcard/redeem by the date shown. Its value becomes wallet credit to spend on any deal within 12 months.`, '']
        : []),
      'What to do next: book or redeem it as the deal\'s fine print says, and give the voucher code when you book or arrive. Please use it by the date shown.',
    ].join('\n');
    return {
      order_id: order.id,
      kind: 'egift_recipient',
      recipient_key: address,
      to_address: email,
      send_after: giftSendAfter(sendOn, now),
      subject: `A gift for you from ${giver === EGIFT_GIVER_NAME ? giver.toLowerCase() : giver}: ${titles[0]}${titles.length > 1 ? ' and more' : ''}`,
      text_body: text,
      html_body: null,
      created_at: now,
    };
  });
}

/**
 * The Message-ID of an order's mail: one per (order, kind, recipient), the outbox row's own
 * uniqueness, so a message handed over again after a crash is recognisably the same message.
 */
export function orderMailMessageId(row: Pick<Selectable<MailOutboxTable>, 'order_id' | 'kind'> & { recipient_key?: string | null }): string {
  const recipient = row.recipient_key ? `.${sha256(row.recipient_key).slice(0, 24)}` : '';
  return `<${row.order_id}.${row.kind}${recipient}@orders.thistledeals.example>`;
}

/**
 * Hands unsent order mail to the Mailer, oldest first, at least once: a message is claimed with a
 * lease (`mailLeaseMs`) and marked sent only after the Mailer took it. A sender that died between
 * the two (reliability C1, `after-outbox-insert`) leaves the lease to run out, and the next run
 * hands the message over again with the same Message-ID (the outbox keeps it once). A refused
 * hand-over (the relay down) is tried again with back-off (`mailRetryAt`: 5 s doubling to 10 min)
 * until a day after the order, so an outage of any length short of that loses nothing.
 */
export async function deliverOrderMail(deps: Pick<CheckoutDeps, 'db' | 'mailer' | 'now' | 'log' | 'faultPoint' | 'mailLeaseMs'>, limit = 50): Promise<number> {
  const now = deps.now();
  const claimed = await store.claimOutboxMail(deps.db, { now, leaseMs: deps.mailLeaseMs, notBefore: new Date(now.getTime() - MAIL_GIVE_UP_AFTER_MS), limit });
  const sent: string[] = [];
  for (const row of claimed.sort((a, b) => Number(a.id) - Number(b.id))) {
    try {
      await deps.mailer.send({
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        kind: row.kind,
        messageId: orderMailMessageId(row),
        ...(row.html_body ? { html: row.html_body } : {}),
      });
    } catch (err) {
      const retryAt = mailRetryAt(deps.now(), row.attempts);
      await store.retryOutboxMailAt(deps.db, row.id, retryAt);
      deps.log('[checkout] order mail not sent', { id: row.id, attempts: row.attempts, retryAt: retryAt.toISOString(), error: err instanceof Error ? err.message : String(err) });
      continue;
    }
    fault(deps, 'after-outbox-insert');
    sent.push(row.id);
  }
  // Marked together: one statement per run, not per message (a death before it only repeats hand-overs).
  if (sent.length) await store.markOutboxMailSent(deps.db, sent, deps.now());
  return sent.length;
}

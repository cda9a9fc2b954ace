/**
 * VIP membership emails (issue 18 point 5), both through the order mail outbox (orders.mail_outbox,
 * delivered by deliverOrderMail with its lease and retries), keyed by the order that bought the
 * membership: the outbox's unique (order_id, kind, recipient_key) makes each kind once per
 * membership, whoever writes it and however often.
 *
 * - vip_cancelled: written in the cancelling transaction (vip-cancel.ts), with the refund and
 *   where each part goes.
 * - vip_ending: "ends on" 14 days before a membership ends (domain isVipEndingReminderDue), as it
 *   never renews by itself. remindVipEnding, a leased job, records it in one statement per batch
 *   (insert ... on conflict do nothing): two runs at once, or a run after a crash, write it once.
 *   A membership is the grant whose end is the account's current end (the users module's
 *   vipMembershipsEnding): a renewal's later grant carries the new end, so the earlier order is
 *   never reminded of an end that moved; a cancelled one has no end.
 */
import { sql } from 'kysely';
import { formatMoney } from '@shop/domain/money';
import { londonDateInWords } from '@shop/domain/london-time';
import { VIP_PRICE_PENCE } from '@shop/domain/buying';
import { vipEndingReminderHorizon } from '@shop/domain/vip';
import { vipMembershipsEnding, type CheckoutDeps } from '../lib/deps.ts';

export const VIP_CANCELLED_MAIL = 'vip_cancelled';
export const VIP_ENDING_MAIL = 'vip_ending';
/** The job's interval: hourly is plenty for a reminder 14 days ahead. */
export const REMIND_VIP_ENDING_EVERY_MS = 60 * 60 * 1000;

const METHOD_WORDS: Record<string, string> = {
  credit_card: 'the card you paid with',
  paypal: 'your PayPal account',
  paypal_credit: 'your PayPal Credit account',
  google_pay: 'the card in Google Pay you paid with',
  apple_pay: 'the card in Apple Pay you paid with',
  klarna: 'your Klarna account',
  clearpay: 'your Clearpay account',
};

const base = (publicBaseUrl: string) => publicBaseUrl.replace(/\/$/, '');

/** The cancellation confirmation: what is refunded and where each part goes. */
export function vipCancelledMail(
  publicBaseUrl: string,
  c: { orderNumber: string; card: number; wallet: number; method: string | null; stillMemberUntil: Date | null },
): { subject: string; text: string } {
  const refund = c.card + c.wallet;
  const text = [
    `Your VIP membership (order ${c.orderNumber}) has been cancelled, as you asked.`,
    c.stillMemberUntil
      ? `The year this order added has been taken off; your earlier membership still runs until ${londonDateInWords(c.stillMemberUntil)}.`
      : 'Your VIP prices have ended.',
    '',
    ...(refund > 0 ? [`You get ${formatMoney(refund, 'GBP')} back:`] : []),
    ...(c.card > 0 ? [`- ${formatMoney(c.card, 'GBP')} to ${(c.method && METHOD_WORDS[c.method]) ?? 'the way you paid'}. Your bank or provider decides how long it takes to show.`] : []),
    ...(c.wallet > 0 ? [`- ${formatMoney(c.wallet, 'GBP')} to your wallet, where it is now: ${base(publicBaseUrl)}/myaccount/wallet`] : []),
    ...(refund > 0 ? [''] : []),
    `You can join VIP again at any time for ${formatMoney(VIP_PRICE_PENCE, 'GBP')} a year: ${base(publicBaseUrl)}/deals/vip`,
  ].join('\n');
  return { subject: `Your VIP membership is cancelled (order ${c.orderNumber})`, text };
}

/** The "ends on" reminder: the date, that it does not renew, and how to join again. */
export function vipEndingMail(publicBaseUrl: string, validUntil: Date): { subject: string; text: string } {
  const on = londonDateInWords(validUntil);
  const text = [
    `Your VIP membership ends on ${on}.`,
    '',
    'It does not renew automatically: nothing more will be taken from you, and after that date VIP prices on selected deals are no longer yours.',
    '',
    `To keep them, join VIP again for ${formatMoney(VIP_PRICE_PENCE, 'GBP')} a year once it has ended: ${base(publicBaseUrl)}/deals/vip`,
    '',
    `Your membership: ${base(publicBaseUrl)}/myaccount/subscriptions`,
  ].join('\n');
  return { subject: `Your VIP membership ends on ${on}`, text };
}

/**
 * The job: an "ends on" reminder into the outbox for every membership due one at `now`, `batch`
 * at a time. The memberships come from the users module (vipMembershipsEnding: it owns accounts
 * and grants); a paid order of this service must stand behind each. Each batch is one insert: the
 * outbox's unique key skips what another run, or this one before a crash, wrote already. How many
 * it recorded; deliverOrderMail sends them.
 */
export async function remindVipEnding(deps: Pick<CheckoutDeps, 'db' | 'now' | 'publicBaseUrl'>, batch = 200): Promise<number> {
  const now = deps.now();
  const horizon = vipEndingReminderHorizon(now);
  let total = 0;
  let after: string | undefined;
  for (;;) {
    const ending = await vipMembershipsEnding(deps.db, { now, horizon, limit: batch, ...(after ? { afterOrderRef: after } : {}) });
    if (ending.length === 0) return total;
    after = ending.at(-1)!.orderRef;
    const paid = new Set(
      (await sql<{ id: string }>`select id::text as id from orders.orders where id::text in (${sql.join(ending.map((e) => e.orderRef))}) and status = 'PAID' and vip > 0`.execute(deps.db)).rows.map((r) => r.id),
    );
    const values = ending
      .filter((e) => paid.has(e.orderRef))
      .map((e) => {
        const mail = vipEndingMail(deps.publicBaseUrl, e.validUntil);
        return { order_id: e.orderRef, kind: VIP_ENDING_MAIL, to_address: e.email, subject: mail.subject, text_body: mail.text, html_body: null, created_at: now };
      });
    // The unique (order_id, kind, recipient_key) decides: a row another run wrote first is skipped.
    if (values.length) total += (await deps.db.withSchema('orders').insertInto('mail_outbox').values(values).onConflict((oc) => oc.doNothing()).returning('id').execute()).length;
    if (ending.length < batch) return total;
  }
}

/**
 * Gifts (issue 16 point 8; README "Gifts"): a claim link per recipient for the vouchers given to
 * them. `createOrderGifts` is the module function the checkout's paying transaction calls for its
 * e-gift lines (its recipient mail carries the links); `giftHeldVoucher` is a holder gifting one
 * voucher from My Vouchers, whose mail this service sends after the commit (`deliverGiftMail`, at
 * least once: a message id per gift, the outbox keeps it once).
 */
import { randomUUID } from 'node:crypto';
import type { Mailer } from '@shop/platform';
import { londonDateInWords } from '@shop/domain/london-time';
export { SITE_NAME } from '@shop/domain/page-head';
import type { AnyDb } from '../db/database.ts';
import { claimUnsentGiftMail, giftTokenHash, insertGift, markGiftMailSent, newGiftToken, releaseGiftMail, vouchersOfGifts, type GiftRow } from './gifts.store.ts';

/** The page a claim link opens: `/mygift?claim=<token>` on the shop's public origin. */
export function giftClaimLink(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/$/, '')}/mygift?${new URLSearchParams({ claim: token })}`;
}

export interface OrderGiftRecipient {
  name: string;
  email: string;
  message: string | null;
  /** The order's vouchers given to this recipient. */
  voucherIds: string[];
  /** Issue 18 point 2: the London date its email goes out (the checkout's outbox holds it); null: straight after payment. */
  sendOn?: string | null;
}

/**
 * One gift per recipient of a paid order's e-gift lines, in the paying transaction `trx`: each its
 * own claim token (returned, never stored: only its hash), its vouchers pointed at it with a
 * 'gift' event each. `giverToken`: the signed-in buyer (null for a guest); `giverName`: what the
 * recipient reads as the sender.
 */
export async function createOrderGifts(
  trx: AnyDb,
  o: { orderId: string; giverToken: string | null; giverName: string; at: Date; recipients: OrderGiftRecipient[] },
): Promise<Array<{ email: string; sendOn: string | null; token: string; giftId: string }>> {
  const made: Array<{ email: string; sendOn: string | null; token: string; giftId: string }> = [];
  for (const r of o.recipients) {
    if (r.voucherIds.length === 0) continue;
    const token = newGiftToken();
    const id = randomUUID();
    const gift = {
      id,
      token_hash: giftTokenHash(token),
      source: 'order' as const,
      order_id: o.orderId,
      giver_token: o.giverToken,
      giver_name: o.giverName,
      recipient_name: r.name,
      recipient_email: r.email,
      message: r.message,
      created_at: o.at,
      send_on: r.sendOn ?? null,
    };
    await insertGift(trx, gift, r.voucherIds, null, o.at);
    made.push({ email: r.email, sendOn: r.sendOn ?? null, token, giftId: id });
  }
  return made;
}

/** The words of a holder's gift mail (the e-gift mail of an order is the checkout's, with the same link). Never the price, nor the code. */
export function holderGiftMail(g: { recipientName: string; giverName: string; title: string; expiresAt: Date | null; message: string | null; link: string; siteName: string }) {
  const text = [
    `Hello ${g.recipientName},`,
    '',
    `${g.giverName} has sent you a gift from ${g.siteName}: ${g.title}.`,
    ...(g.message ? ['', 'Their message to you:', `"${g.message}"`] : []),
    '',
    `Claim your gift to add it to your account: ${g.link}`,
    ...(g.expiresAt ? ['', `Please use it by ${londonDateInWords(g.expiresAt)}.`] : []),
    '',
    "What to do next: claim it (sign in or register on the way), then book or redeem it as the deal's fine print says.",
  ].join('\n');
  return { subject: `A gift for you from ${g.giverName}: ${g.title}`, text };
}

/** The message id of a gift's mail: the same for every hand-over of it. */
export const giftMailMessageId = (giftId: string) => `<${giftId}.gift@vouchers.thistledeals.example>`;

/** How long a sender's claim on a gift's mail lasts: one that died is replaced after it. */
export const GIFT_MAIL_LEASE_MS = 5 * 60_000;
/** How often the shop's job hands over gift mail the request that made the gift could not. */
export const GIFT_MAIL_EVERY_MS = 60_000;

/**
 * Hands unsent gift mail to the Mailer, oldest first, each claimed first (the request that made a
 * gift and the shop's job never both send it); a refusal frees it for the next run. The number
 * handed over. A sender that dies between the hand-over and marking it sent leaves a claim that
 * runs out: that mail goes again with the same Message-ID (at least once, never lost).
 */
export async function deliverGiftMail(deps: { db: AnyDb; mailer?: Mailer | null | undefined; now: () => Date; log: (m: string, f: Record<string, unknown>) => void }, limit = 20): Promise<number> {
  if (!deps.mailer) return 0;
  let sent = 0;
  for (const row of await claimUnsentGiftMail(deps.db, deps.now(), GIFT_MAIL_LEASE_MS, limit)) {
    try {
      await deps.mailer.send({ to: row.recipient_email, subject: row.mail_subject ?? 'A gift for you', text: row.mail_text!, kind: 'gift_claim', messageId: giftMailMessageId(row.id) });
    } catch (err) {
      deps.log('[vouchers] gift mail not sent', { giftId: row.id, error: err instanceof Error ? err.message : String(err) });
      await releaseGiftMail(deps.db, row.id);
      continue;
    }
    await markGiftMailSent(deps.db, row.id, deps.now());
    sent += 1;
  }
  return sent;
}

/** A sent gift as its giver reads it. */
export async function sentGiftViews(db: AnyDb, gifts: GiftRow[]) {
  const vouchers = await vouchersOfGifts(db, gifts.map((g) => g.id));
  return gifts.map((g) => ({
    id: g.id,
    recipientName: g.recipient_name,
    recipientEmail: g.recipient_email,
    message: g.message,
    sentAt: new Date(g.created_at).toISOString(),
    sendOn: g.send_on ?? null,
    claimedAt: g.claimed_at === null ? null : new Date(g.claimed_at).toISOString(),
    claimedByName: g.claimed_by_name,
    vouchers: vouchers.filter((v) => v.gift_id === g.id).map((v) => ({ id: v.id, title: v.title, dealId: v.deal_id })),
  }));
}

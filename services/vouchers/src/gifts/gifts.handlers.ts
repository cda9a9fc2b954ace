import { randomUUID } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFoundProblem, problem, problemResponse } from '@shop/platform';
import { VOUCHER_STATUS_CODES } from '@shop/domain/voucher-status';
import type { VouchersDeps } from '../lib/deps.ts';
import { holderVoucher } from '../vouchers/vouchers.store.ts';
import { GIFT_MESSAGES } from './gifts.contract.ts';
import * as routes from './gifts.routes.ts';
import { canStillBeClaimed, claimGift, giftByHash, giftTokenHash, giftsSentBy, insertGift, newGiftToken, vouchersOfGifts, type GiftRow } from './gifts.store.ts';
import { deliverGiftMail, giftClaimLink, holderGiftMail, sentGiftViews, SITE_NAME } from './gifts.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** A gift as a viewer of its link reads it: voucher ids only for its claimant. */
async function previewOf(deps: VouchersDeps, gift: GiftRow, claimedByViewer: boolean) {
  const vouchers = await vouchersOfGifts(deps.db, [gift.id]);
  return {
    giverName: gift.giver_name,
    recipientName: gift.recipient_name,
    message: gift.message,
    sentAt: new Date(gift.created_at).toISOString(),
    claimed: claimedByViewer,
    claimedAt: claimedByViewer ? iso(gift.claimed_at) : null,
    claimable: gift.claimed_at === null && vouchers.some((v) => canStillBeClaimed(v, gift)),
    vouchers: vouchers.map((v) => ({
      id: claimedByViewer ? v.id : null,
      title: v.title,
      dealId: v.deal_id,
      dealProductId: v.deal_product_id,
      status: v.status,
      statusCode: VOUCHER_STATUS_CODES[v.status],
      expiresAt: iso(v.expires_at),
      claimable: gift.claimed_at === null && canStillBeClaimed(v, gift),
    })),
  };
}

export function registerGiftRoutes(app: OpenAPIHono, deps: VouchersDeps): void {
  const notFound = () => notFoundProblem(GIFT_MESSAGES.notFound);

  app.openapi(routes.postGift, async (c) => {
    const body = c.req.valid('json');
    const now = deps.now();
    const voucher = await holderVoucher(deps.db, body.customerToken, body.voucherId);
    if (!voucher) return problemResponse(c, notFoundProblem('Sorry, we could not find that voucher.'));
    const token = newGiftToken();
    const id = randomUUID();
    const mail = holderGiftMail({
      recipientName: body.recipient.name,
      giverName: body.giverName,
      title: voucher.title,
      expiresAt: voucher.expires_at === null ? null : new Date(voucher.expires_at),
      message: body.recipient.message || null,
      link: giftClaimLink(deps.publicBaseUrl, token),
      siteName: SITE_NAME,
    });
    // One statement: the gift (with its mail to send), the voucher pointed at it, its 'gift' event; only if still giftable.
    const pointed = await insertGift(
      deps.db,
      {
        id,
        token_hash: giftTokenHash(token),
        source: 'holder',
        order_id: voucher.order_id,
        giver_token: body.customerToken,
        giver_name: body.giverName,
        recipient_name: body.recipient.name,
        recipient_email: body.recipient.email.toLowerCase(),
        message: body.recipient.message || null,
        created_at: now,
        mail_subject: mail.subject,
        mail_text: mail.text,
      },
      [voucher.id],
      body.customerToken,
      now,
    );
    if (pointed.length === 0) return problemResponse(c, problem(409, 'VOUCHER_NOT_GIFTABLE', GIFT_MESSAGES.notGiftable, [{ field: 'voucherId', message: GIFT_MESSAGES.notGiftable }]));
    // After the commit: hand the mail over now; one the relay refused stays for the next call or the job.
    await deliverGiftMail(deps);
    const [gift] = await sentGiftViews(deps.db, (await giftsSentBy(deps.db, body.customerToken, 50)).filter((g) => g.id === id));
    return c.json({ gift: gift! }, 201);
  });

  app.openapi(routes.getClaim, async (c) => {
    const { claim, customerToken } = c.req.valid('query');
    const gift = await giftByHash(deps.db, giftTokenHash(claim));
    // Claimed by someone else: exactly the answer of a token that never existed (reliability Z).
    if (!gift || (gift.claimed_at !== null && gift.claimed_by !== customerToken)) return problemResponse(c, notFound());
    return c.json(await previewOf(deps, gift, gift.claimed_at !== null), 200);
  });

  app.openapi(routes.postRedeem, async (c) => {
    const body = c.req.valid('json');
    const outcome = await claimGift(deps.db, { tokenHash: giftTokenHash(body.claim), claimant: body.customerToken, claimantName: body.claimantName, at: deps.now() });
    if (!outcome.ok) {
      if (outcome.reason === 'not_found') return problemResponse(c, notFound());
      const [code, detail] =
        outcome.reason === 'already_claimed'
          ? ['GIFT_ALREADY_CLAIMED', GIFT_MESSAGES.alreadyClaimed]
          : outcome.reason === 'own_gift'
            ? ['OWN_GIFT', GIFT_MESSAGES.ownGift]
            : ['GIFT_NO_LONGER_AVAILABLE', GIFT_MESSAGES.noLongerAvailable];
      return problemResponse(c, problem(409, code, detail, [{ field: 'claim', message: detail }]));
    }
    return c.json(await previewOf(deps, outcome.gift, true), 200);
  });

  app.openapi(routes.getSent, async (c) => {
    const { customerToken } = c.req.valid('query');
    return c.json({ gifts: await sentGiftViews(deps.db, await giftsSentBy(deps.db, customerToken)) }, 200);
  });
}

import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFoundProblem, problem, problemResponse } from '@shop/platform';
import { londonDateInWords } from '@shop/domain/london-time';
import { messageFor } from '@shop/domain/error-codes';
import type { VoucherRow } from '../issue/issue.ts';
import type { VouchersDeps } from '../lib/deps.ts';
import { moveVouchers } from '../transitions/transitions.store.ts';
import * as store from '../vouchers/vouchers.store.ts';
import { voucherView } from '../vouchers/voucher-view.ts';
import * as routes from './redemption.routes.ts';
import { voucherIdOfLink } from '../print/redemption-link.ts';

/** Why a voucher the merchant holds up cannot be redeemed, in words for the till. */
function refusal(v: VoucherRow, now: Date): string {
  if ((v.status === 'Ready to Redeem' || v.status === 'Booked') && v.expires_at && new Date(v.expires_at) <= now) {
    return `This voucher expired on ${londonDateInWords(new Date(v.expires_at))}.`;
  }
  if (v.status === 'Redeemed') return `This voucher was redeemed on ${londonDateInWords(new Date(v.updated_at))}.`;
  return `This voucher cannot be redeemed: its status is ${v.status}.`;
}

export function registerRedemptionRoutes(app: OpenAPIHono, deps: VouchersDeps): void {
  app.openapi(routes.postRedemption, async (c) => {
    const body = c.req.valid('json');
    const { dealIds, merchantRef } = body;
    // A scanned QR names the voucher by its signed link; a forged or foreign link is not found, like an unknown code.
    const which = body.code !== undefined ? { code: body.code } : { id: voucherIdOfLink(deps.linkKey, body.link ?? '') };
    if ('id' in which && which.id === null) return problemResponse(c, notFoundProblem('Sorry, we could not find that voucher code.'));
    const selector = 'id' in which ? { id: which.id! } : which;
    const at = deps.now();
    const moved = await deps.db.transaction().execute((trx) =>
      moveVouchers(trx, selector, { event: 'redeem', actor: 'merchant', actorRef: merchantRef, dealIds, reason: 'Redeemed by the merchant', at }),
    );
    const voucher = await store.merchantVoucher(deps.db, selector, dealIds);
    if (!voucher) return problemResponse(c, notFoundProblem('Sorry, we could not find that voucher code.'));
    if (moved.length === 0) {
      return problemResponse(c, problem(409, 'VOUCHER_NOT_REDEEMABLE', refusal(voucher, at), [{ field: 'code', message: messageFor('VOUCHER_NOT_REDEEMABLE') }]));
    }
    return c.json(voucherView(voucher), 200);
  });
}

import { commonErrors, createRoute, jsonContent, notFoundContent, problemContent } from '@shop/platform';
import { RedeemBodySchema, VoucherSchema } from '../contract.ts';
import { AttemptsPageSchema, AttemptsQuerySchema, BulkAnswerSchema, BulkBodySchema, UndoBodySchema, UndoParamsSchema } from './redemption.contract.ts';

const errors = commonErrors({ 400: 'Bad input: errors[] names each invalid field with its message.' });

export const postRedemption = createRoute({
  method: 'post',
  path: '/redemptions',
  operationId: 'redeemVoucher',
  tags: ['Redemption'],
  summary: 'A merchant redeems a voucher by its code',
  description:
    "For the merchant's own deals (dealIds): Ready to Redeem (still valid) or Booked → Redeemed, in one conditional update with its event, " +
    'so a code redeems at most once however many tills try at the same moment (reliability M9). A code that is unknown or of another ' +
    "merchant's deal is a 404, the same answer; a voucher already used, refunded, cancelled or expired is a 409 VOUCHER_NOT_REDEEMABLE whose detail says which " +
    '(reason already_redeemed with redeemedAt, or not_redeemable). Every attempt is logged in the same transaction. With attemptId (a device\'s offline queue), ' +
    'the same id again answers exactly the first answer, status and body, and redeems nothing more.',
  request: { body: { required: true, description: 'The code and the merchant.', content: { 'application/json': { schema: RedeemBodySchema } } } },
  responses: {
    200: jsonContent(VoucherSchema, 'Redeemed: the voucher as it now is (its id is what an undo names).'),
    409: problemContent('VOUCHER_NOT_REDEEMABLE: the voucher is not in a status that can be redeemed (detail says which; reason and, when already redeemed, redeemedAt); ATTEMPT_ID_REUSED: this attemptId was already used for another code (errors[] names attemptId, nothing redeemed).'),
    ...errors,
    ...notFoundContent('No such code among these deals.'),
  },
});

export const postUndo = createRoute({
  method: 'post',
  path: '/redemptions/{voucherId}/undo',
  operationId: 'undoRedemption',
  tags: ['Redemption'],
  summary: 'The business that redeemed a voucher undoes it within 15 minutes',
  description:
    'Redeemed → the status it was redeemed from (Ready to Redeem, or Booked: the booking stands), by the business named on the redeem event, within 15 minutes of it, ' +
    'in one conditional statement (a second undo at the same moment finds it no longer Redeemed). 409 REDEMPTION_UNDO_EXPIRED after 15 minutes, VOUCHER_NOT_REDEEMED ' +
    "when it is not redeemed, REDEMPTION_NOT_YOURS when another business redeemed it; a voucher of another merchant's deal or an unknown id is the same 404. Logged as an attempt.",
  request: {
    params: UndoParamsSchema,
    body: { required: true, description: 'The merchant.', content: { 'application/json': { schema: UndoBodySchema } } },
  },
  responses: {
    200: jsonContent(VoucherSchema, 'Undone: the voucher as it now is.'),
    409: problemContent('REDEMPTION_UNDO_EXPIRED, VOUCHER_NOT_REDEEMED or REDEMPTION_NOT_YOURS (redeemedAt when it is redeemed).'),
    ...errors,
    ...notFoundContent('No such voucher among these deals.'),
  },
});

export const getAttempts = createRoute({
  method: 'get',
  path: '/redemptions/attempts',
  operationId: 'getRedemptionAttempts',
  tags: ['Redemption'],
  summary: "A business's redemption attempts, newest first",
  description: 'Every attempt (typed, scanned, from a file or an offline queue, and undos) with who, when and the result; keyset pages by `before`.',
  request: { query: AttemptsQuerySchema },
  responses: { 200: jsonContent(AttemptsPageSchema, 'The attempts.'), ...errors },
});

export const postBulk = createRoute({
  method: 'post',
  path: '/redemptions/bulk',
  operationId: 'redeemVouchersInBulk',
  tags: ['Redemption'],
  summary: 'A merchant redeems a file of up to 10,000 codes, one answer per line',
  description:
    'Each distinct code (trimmed, any case) is decided once, by its first line: redeemed, already_redeemed (with redeemedAt), not_redeemable (expired, refunded, …) ' +
    "or not_found (unknown, or another merchant's: the same answer); later lines with the same code answer \"Already redeemed (line N)\". Set based: per 2,000 codes one " +
    'transaction of one redeem statement (with its events), one read and one insert of the attempts. Nothing is redeemed twice.',
  request: { body: { required: true, description: 'The codes and the merchant.', content: { 'application/json': { schema: BulkBodySchema } } } },
  responses: { 200: jsonContent(BulkAnswerSchema, 'One result per code, in order.'), ...errors },
});

/**
 * Resolvers of My Vouchers (issue 16): the Voucher type (the same object through its order and
 * its holder's list), Customer.vouchers, the node(id:) of a voucher, and refundVoucher. schema.ts
 * spreads these.
 */
import { byTypename } from '../mappers.ts';
import { vouchersCustomer } from './Customer.vouchers.ts';
import { exchangeVoucherForCredit } from './Mutation.exchangeVoucherForCredit.ts';
import { takeExpiredVoucherCredit } from './Mutation.takeExpiredVoucherCredit.ts';
import { refundVoucher } from './Mutation.refundVoucher.ts';
import { requestVoucherReturn } from './Mutation.requestVoucherReturn.ts';
import { VoucherType } from './Voucher.ts';
import { heldVoucher, voucherExtension } from './Voucher.extension.ts';
import { voucherSent } from './Voucher.sent.ts';
import { voucherBookingFields } from '../bookings/index.ts';
import { claimGift, giftClaim, giftsCustomer, giftTypes, giftVoucher, voucherGift } from './gifts.ts';

/** Fields of Customer (vouchers). */
export const vouchersCustomerFields = { ...vouchersCustomer, ...giftsCustomer };
/** Fields of Query (gifts). */
export const vouchersQuery = { giftClaim, heldVoucher };
export const vouchersMutation = { claimGift, giftVoucher, refundVoucher, exchangeVoucherForCredit, takeExpiredVoucherCredit, requestVoucherReturn };
export const vouchersTypes = { ...giftTypes, Voucher: { ...VoucherType, gift: voucherGift, extension: voucherExtension, sent: voucherSent, ...voucherBookingFields }, RefundVoucherResult: { __resolveType: byTypename }, ExchangeVoucherForCreditResult: { __resolveType: byTypename }, TakeExpiredVoucherCreditResult: { __resolveType: byTypename }, RequestVoucherReturnResult: { __resolveType: byTypename } };

/**
 * Resolvers of My Vouchers (issue 16): the Voucher type (the same object through its order and
 * its holder's list), Customer.vouchers, the node(id:) of a voucher, and refundVoucher. schema.ts
 * spreads these.
 */
import { byTypename } from '../mappers.ts';
import { vouchersCustomer } from './Customer.vouchers.ts';
import { refundVoucher } from './Mutation.refundVoucher.ts';
import { VoucherType } from './Voucher.ts';

/** Fields of Customer (vouchers). */
export const vouchersCustomerFields = vouchersCustomer;
export const vouchersMutation = { refundVoucher };
export const vouchersTypes = { Voucher: VoucherType, RefundVoucherResult: { __resolveType: byTypename } };

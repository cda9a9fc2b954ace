/**
 * Resolvers of the merchant's till (issue 17): Customer.merchant, MerchantAccount, and redemption
 * by code, by file and its undo. schema.ts spreads these.
 */
import { byTypename } from '../mappers.ts';
import { MerchantAccount, MerchantBusiness, merchantCustomer, staffMerchantBusiness } from './MerchantAccount.ts';
import { redeemScannedVoucher, redeemVoucherCode } from './Mutation.redeemVoucherCode.ts';
import { redeemVoucherCodes } from './Mutation.redeemVoucherCodes.ts';
import { undoRedemption } from './Mutation.undoRedemption.ts';
import { merchantsPostingMutation, merchantsPostingTypes } from '../merchants-posting/index.ts';

export const merchantsCustomerFields = merchantCustomer;
export const merchantsQuery = { merchantBusiness: staffMerchantBusiness };
export const merchantsMutation = { redeemVoucherCode, redeemScannedVoucher, undoRedemption, redeemVoucherCodes, ...merchantsPostingMutation };
export const merchantsTypes = {
  MerchantAccount,
  MerchantBusiness,
  RedeemVoucherCodeResult: { __resolveType: byTypename },
  UndoRedemptionResult: { __resolveType: byTypename },
  RedeemVoucherCodesResult: { __resolveType: byTypename },
  ...merchantsPostingTypes,
};

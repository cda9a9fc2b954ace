/**
 * Resolvers of the merchant's till (issue 17): Customer.merchant, MerchantAccount, and redemption
 * by code, by file and its undo. schema.ts spreads these.
 */
import { byTypename } from '../mappers.ts';
import { MerchantAccount, MerchantBusiness, merchantCustomer } from './MerchantAccount.ts';
import { redeemVoucherCode } from './Mutation.redeemVoucherCode.ts';
import { redeemVoucherCodes } from './Mutation.redeemVoucherCodes.ts';
import { undoRedemption } from './Mutation.undoRedemption.ts';

export const merchantsCustomerFields = merchantCustomer;
export const merchantsMutation = { redeemVoucherCode, undoRedemption, redeemVoucherCodes };
export const merchantsTypes = {
  MerchantAccount,
  MerchantBusiness,
  RedeemVoucherCodeResult: { __resolveType: byTypename },
  UndoRedemptionResult: { __resolveType: byTypename },
  RedeemVoucherCodesResult: { __resolveType: byTypename },
};

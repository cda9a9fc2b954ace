/**
 * Resolvers of the "My Wallet (issue 18 point 1)" section of schema.graphql: Customer.walletState
 * and its types. schema.ts spreads these into Customer and the root types.
 */
import { walletCustomer, WalletCreditLotType, WalletStateType, WalletTransactionType } from './WalletState.ts';

export const walletCustomerFields = walletCustomer;
export const walletTypes = {
  WalletState: WalletStateType,
  WalletTransaction: WalletTransactionType,
  WalletCreditLot: WalletCreditLotType,
};

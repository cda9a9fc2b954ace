export { createWalletApp, WALLET_BASE_PATH, type WalletAppOptions } from './app.ts';
export { migrateWallet, walletMigrations, WALLET_SCHEMA, type WalletDb } from './db/database.ts';
export {
  walletBalances, holdWalletCredit, captureWalletCredit, releaseWalletCredit, creditWallet, creditOf, openWalletAccounts, walletTransactions, WalletError,
  WALLET_AMOUNT_MAX, WALLET_BUCKETS, WALLET_CURRENCIES, CUSTOMER_TOKEN_PATTERN,
  type WalletBalance, type WalletBucket, type WalletCurrency, type HoldResult, type WalletTransaction,
} from './ledger.ts';
export { ledgerViolations } from './ledger-invariant.ts';
export * from './contract.ts';
export { reverseWalletCapture } from './reversal.ts';
export { refundWalletCapture } from './refund.ts';
export { claimCampaignCredit, listCreditCampaigns, seedCreditCampaigns, upsertCreditCampaign, DEMO_CREDIT_CAMPAIGNS, type CreditCampaign, type CreditCampaignView, type CampaignUpsert } from './campaigns/campaigns.store.ts';
export { pruneClaimLimits } from './campaigns/campaigns.limits.ts';
export { CreditClaimSchema, CreditClaimBodySchema, type CreditClaim } from './campaigns/campaigns.contract.ts';
export { expireWalletCredit, EXPIRE_CREDIT_EVERY_MS, walletCreditLots, type WalletCreditLot, type CreditExpiryFaultPoint } from './expiry.ts';

export { createMerchantsApp, MERCHANTS_BASE_PATH, type MerchantsAppOptions } from './app.ts';
export { migrateMerchants, merchantsMigrations, MERCHANTS_SCHEMA, type MerchantsDb, type MerchantsDatabase } from './db/database.ts';
export {
  businessesOf, businessById, memberBusiness, isMember, roleIn, dealIdsOfBusiness, claimPendingOwnership, addMember, DEFAULT_COMMISSION_BP, type Business, type MemberBusiness,
} from './businesses/businesses.store.ts';
export { deliverMerchantMail, MERCHANT_MAIL_EVERY_MS } from './mail/mail.ts';
export { seedMerchants, DEMO_MERCHANTS, DEMO_MERCHANT_PASSWORD, type SeedMerchantsResult } from './seed/seed.ts';
export * from './contract.ts';

export { createUsersApp, USERS_BASE_PATH, type UsersApp, type UsersAppOptions } from './app.ts';
export { migrateUsers, usersMigrations, USERS_SCHEMA, type UsersDb, type UsersDatabase } from './db/database.ts';
export { DEFAULT_RATE_LIMITS, type RateLimits, type RateLimitName } from './lib/rate-limit.ts';
export { SESSION_TOKEN_HEADER, CLIENT_IP_HEADER } from './lib/http.ts';
export { ARGON2_OPTIONS, ARGON2_PREFIX, type PasswordHashingOptions } from './lib/passwords.ts';
export { pruneExpired } from './store/maintenance.ts';
export * from './contract.ts';
export { grantVipMembership, revokeVipMembership, vipMembershipEvents, vipOf, VIP_MEMBERSHIP_MONTHS, type GrantResult, type RevokeResult } from './vip/membership.ts';
export { emailsOfCustomers, firstNameOfCustomer } from './store/holder-emails.ts';

export { createRewardsApp, rewardDetails, REWARDS_BASE_PATH, LOYALTY_ACTIVITY_DESCRIPTIONS, type RewardsAppOptions } from './app.ts';
export { migrateRewards, rewardsMigrations, REWARDS_SCHEMA, type RewardsDb } from './db/database.ts';
export {
  exchangePoints, loyaltyOf, memberPoints, pointsEvents, recordClubActivity, recordOrderPoints, settleOrderPoints, SETTLE_ORDER_POINTS_EVERY_MS, RewardsError, EXCHANGE_WALLET_BUCKET, POINTS_EVENT_KINDS,
  type ExchangeResult, type MemberPoints, type OrderStanding, type PointsEvent, type PointsEventKind,
} from './points.ts';
export { ledgerViolations } from './ledger-invariant.ts';
export * from './contract.ts';

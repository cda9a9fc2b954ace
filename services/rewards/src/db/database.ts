/**
 * The rewards schema and its migrations. The ledger's queries are SQL with schema-qualified names
 * (rewards.member, …), so the service takes any Kysely handle: the shop shares one connection.
 */
import type { Kysely } from 'kysely';
import { schemaMigrations } from '@shop/platform';

export const REWARDS_SCHEMA = 'rewards';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema-agnostic: module functions take the caller's Transaction<any>
export type RewardsDb = Kysely<any>;

/** The schema's migrations (the files of migrations/, run in name order) and the function that brings it to the latest. */
export const { migrations: rewardsMigrations, migrate: migrateRewards } = schemaMigrations(REWARDS_SCHEMA, new URL('./migrations/', import.meta.url));

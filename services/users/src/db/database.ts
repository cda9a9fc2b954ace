/**
 * The users schema as Kysely sees it, and its migrations. Tables are keyed without the schema
 * name: every query goes through `db.withSchema(USERS_SCHEMA)` (see `usersDb`).
 */
import type { Kysely } from 'kysely';
import { schemaMigrations } from '@shop/platform';
import type {
  AccountEventTable,
  AccountTable,
  EmailSubscriptionTable,
  LinkSecretTable,
  OneTimeTokenTable,
  RateLimitTable,
  SessionTable,
  SocialIdentityTable,
  StaffKeyTable,
  StaffMemberTable,
  StaffSessionTable,
} from './tables.ts';

export const USERS_SCHEMA = 'users';

export interface UsersDatabase {
  account: AccountTable;
  session: SessionTable;
  one_time_token: OneTimeTokenTable;
  social_identity: SocialIdentityTable;
  email_subscription: EmailSubscriptionTable;
  rate_limit: RateLimitTable;
  link_secret: LinkSecretTable;
  account_event: AccountEventTable;
  staff_key: StaffKeyTable;
  staff_member: StaffMemberTable;
  staff_session: StaffSessionTable;
}

export type UsersDb = Kysely<UsersDatabase>;

/** The schema's migrations (the files of migrations/, run in name order) and the function that brings it to the latest. */
export const { migrations: usersMigrations, migrate: migrateUsers } = schemaMigrations(USERS_SCHEMA, new URL('./migrations/', import.meta.url));

/** The handle every query of this service starts from: unqualified table names mean users.*. */
export const inUsers = (db: UsersDb) => db.withSchema(USERS_SCHEMA);

/**
 * The users schema as Kysely sees it, and its migrations. Tables are keyed without the schema
 * name: every query goes through `db.withSchema(USERS_SCHEMA)` (see `usersDb`).
 */
import type { Kysely } from 'kysely';
import { migrate } from '@shop/platform';
import { usersMigrations } from './migrations/index.ts';
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
}

export type UsersDb = Kysely<UsersDatabase>;

/** Brings the users schema to the latest migration. */
export async function migrateUsers<DB>(db: Kysely<DB>): Promise<void> {
  await migrate(db, { schema: USERS_SCHEMA, migrations: usersMigrations });
}

/** The handle every query of this service starts from: unqualified table names mean users.*. */
export const inUsers = (db: UsersDb) => db.withSchema(USERS_SCHEMA);

export { usersMigrations };

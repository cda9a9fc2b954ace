/**
 * The users schema's tables as Kysely sees them (see migrations/). bigint ids come back as
 * strings from pg and as numbers from PGlite: read them through Number().
 */
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { EmailFrequency, SubscriptionStatus } from '@shop/domain/accounts';

type Timestamp = ColumnType<Date, Date, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
type Id = ColumnType<string | number, never, never>;
type Ref = ColumnType<string | number, number, number>;

export interface AccountTable {
  id: Id;
  customer_token: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  password_hash: string | null;
  email_verified: Generated<boolean>;
  failed_logins: Generated<number>;
  locked_at: NullableTimestamp;
  vip_user: Generated<boolean>;
  vip_status: Generated<SubscriptionStatus>;
  vip_valid_until: NullableTimestamp;
  has_address: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  anonymised_at: NullableTimestamp;
}

export interface SessionTable {
  token_hash: string;
  user_id: Ref;
  persistent: boolean;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  idle_expires_at: Timestamp;
  absolute_expires_at: Timestamp;
}

export type TokenPurpose = 'confirm_email' | 'password_reset' | 'password_activate' | 'subscription_confirm' | 'anonymise_confirm' | 'sign_in_link';

export interface OneTimeTokenTable {
  id: Id;
  purpose: TokenPurpose;
  token_hash: string;
  user_id: ColumnType<string | number | null, number | null | undefined, number | null>;
  subscription_id: ColumnType<string | number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  voided_at: NullableTimestamp;
}

export interface SocialIdentityTable {
  issuer: string;
  subject: string;
  provider: 'google' | 'facebook';
  user_id: Ref;
  created_at: Timestamp;
}

export interface EmailSubscriptionTable {
  id: Id;
  email: string;
  confirmed: Generated<boolean>;
  confirmed_at: NullableTimestamp;
  topics: string[];
  frequency: EmailFrequency;
  source: string;
  unsubscribed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RateLimitTable {
  bucket: string;
  key_hash: string;
  window_start: Timestamp;
  hits: number;
}

export interface LinkSecretTable {
  id: Generated<number>;
  secret: string;
  created_at: Generated<Date>;
}

export interface AccountEventTable {
  id: Id;
  user_id: ColumnType<string | number | null, number | null, never>;
  kind: string;
  at: Timestamp;
  detail: JSONColumnType<Record<string, unknown> | null, string | null, never>;
}

/** A person of the shop's staff (store/staff-people.ts). */
export interface StaffMemberTable {
  id: Id;
  email: string;
  name: string;
  password_hash: string;
  created_at: Timestamp;
  removed_at: NullableTimestamp;
}

/** A staff person's signed-in session: only the token's SHA-256 is kept. */
export interface StaffSessionTable {
  id: Id;
  member_id: string | number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  ended_at: NullableTimestamp;
}

export interface StaffKeyTable {
  id: Id;
  name: string;
  key_prefix: string;
  key_hash: string;
  created_at: Timestamp;
  revoked_at: NullableTimestamp;
}

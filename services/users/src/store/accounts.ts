/**
 * Accounts: rows of users.account, the JSON the routes answer with, and the event log beside them.
 */
import { sql, type Transaction } from 'kysely';
import type { SubscriptionStatus, UserStatus } from '@shop/domain/accounts';
import type { UsersDatabase, UsersDb } from '../db/database.ts';
import type { SocialProvider, User } from '../contract.ts';
import { newCustomerToken } from '../lib/crypto.ts';
import { vipOf } from '../vip/membership.ts';

export type Db = UsersDb | Transaction<UsersDatabase>;
export const users = (db: Db) => db.withSchema('users');

export interface AccountRow {
  id: number;
  customerToken: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  passwordHash: string | null;
  emailVerified: boolean;
  failedLogins: number;
  lockedAt: Date | null;
  vipUser: boolean;
  vipStatus: SubscriptionStatus;
  /** When the VIP membership ends (vip/membership.ts); null when there never was one. */
  vipValidUntil: Date | null;
  hasAddress: boolean;
  createdAt: Date;
  anonymisedAt: Date | null;
}

const COLUMNS = [
  'id',
  'customer_token',
  'email',
  'first_name',
  'last_name',
  'password_hash',
  'email_verified',
  'failed_logins',
  'locked_at',
  'vip_user',
  'vip_status',
  'vip_valid_until',
  'has_address',
  'created_at',
  'anonymised_at',
] as const;

type RawAccount = {
  id: string | number;
  customer_token: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  password_hash: string | null;
  email_verified: boolean;
  failed_logins: number;
  locked_at: Date | null;
  vip_user: boolean;
  vip_status: SubscriptionStatus;
  vip_valid_until: Date | null;
  has_address: boolean;
  created_at: Date;
  anonymised_at: Date | null;
};

function toRow(r: RawAccount): AccountRow {
  return {
    id: Number(r.id),
    customerToken: r.customer_token,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    passwordHash: r.password_hash,
    emailVerified: r.email_verified,
    failedLogins: Number(r.failed_logins),
    lockedAt: r.locked_at ? new Date(r.locked_at) : null,
    vipUser: r.vip_user,
    vipStatus: r.vip_status,
    vipValidUntil: r.vip_valid_until ? new Date(r.vip_valid_until) : null,
    hasAddress: r.has_address,
    createdAt: new Date(r.created_at),
    anonymisedAt: r.anonymised_at ? new Date(r.anonymised_at) : null,
  };
}

/** The live account with this (normalised) email, if any. */
export async function findByEmail(db: Db, email: string): Promise<AccountRow | null> {
  const r = await users(db).selectFrom('account').select(COLUMNS).where(sql<string>`lower(email)`, '=', email.toLowerCase()).where('anonymised_at', 'is', null).executeTakeFirst();
  return r ? toRow(r) : null;
}

export async function findById(db: Db, id: number): Promise<AccountRow | null> {
  const r = await users(db).selectFrom('account').select(COLUMNS).where('id', '=', id).where('anonymised_at', 'is', null).executeTakeFirst();
  return r ? toRow(r) : null;
}

export async function customerTokenIsLive(db: Db, token: string): Promise<boolean> {
  const r = await users(db).selectFrom('account').select('id').where('customer_token', '=', token).where('anonymised_at', 'is', null).executeTakeFirst();
  return r !== undefined;
}

export interface NewAccount {
  email: string;
  firstName: string | null;
  lastName: string | null;
  passwordHash: string | null;
  emailVerified: boolean;
}

/** Inserts an account; null when the email is taken (the unique index decides, not a prior read). */
export async function insertAccount(db: Db, account: NewAccount, now: Date): Promise<AccountRow | null> {
  const r = await users(db)
    .insertInto('account')
    .values({
      customer_token: newCustomerToken(),
      email: account.email,
      first_name: account.firstName,
      last_name: account.lastName,
      password_hash: account.passwordHash,
      email_verified: account.emailVerified,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).where('email', 'is not', null).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  return r ? toRow(r) : null;
}

/**
 * Whether the account is locked: only staff set locked_at (a password reset clears it). Failed
 * sign-ins never lock (issue 14 #5: they are throttled, lib/sign-in-throttle.ts).
 */
export function lockInForce(row: Pick<AccountRow, 'lockedAt'>, _now?: Date): boolean {
  return row.lockedAt !== null;
}

export async function updateAccount(
  db: Db,
  id: number,
  changes: Partial<{ first_name: string | null; last_name: string | null; password_hash: string | null; email_verified: boolean; failed_logins: number; locked_at: Date | null }>,
  now: Date,
): Promise<void> {
  await users(db)
    .updateTable('account')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Replaces the hash only if it is still the one that was verified (a concurrent change wins). */
export async function rehash(db: Db, id: number, oldHash: string, newHash: string, now: Date): Promise<void> {
  await users(db).updateTable('account').set({ password_hash: newHash, updated_at: now }).where('id', '=', id).where('password_hash', '=', oldHash).execute();
}

export type EventKind =
  | 'registered'
  | 'express_registered'
  | 'email_verified'
  | 'login'
  | 'login_failed'
  | 'login_failed_unknown'
  | 'login_throttled'
  | 'sign_in_link_requested'
  | 'login_refused_locked'
  | 'login_refused_unconfirmed'
  | 'rehashed'
  | 'logout'
  | 'logout_everywhere'
  | 'profile_updated'
  | 'password_changed'
  | 'password_change_failed'
  | 'reset_requested'
  | 'password_reset'
  | 'password_activated'
  | 'social_linked'
  | 'social_login'
  | 'social_registered'
  | 'pre_hijack_cleared'
  | 'anonymise_failed'
  | 'anonymise_requested'
  | 'anonymised'
  | 'subscription_confirmed'
  | 'unsubscribed'
  | 'wishlist_alert_unsubscribed';

/** Appends to the account event log (no personal data: kinds and ids only). */
export async function recordEvent(db: Db, userId: number | null, kind: EventKind, now: Date, detail: Record<string, unknown> | null = null): Promise<void> {
  await users(db)
    .insertInto('account_event')
    .values({ user_id: userId, kind, at: now, detail: detail ? JSON.stringify(detail) : null })
    .execute();
}

export async function providersOf(db: Db, userId: number): Promise<SocialProvider[]> {
  const rows = await users(db).selectFrom('social_identity').select('provider').where('user_id', '=', userId).execute();
  return [...new Set(rows.map((r) => r.provider))].sort();
}

export async function isSubscribed(db: Db, email: string | null): Promise<boolean> {
  if (!email) return false;
  const r = await users(db)
    .selectFrom('email_subscription')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('confirmed', '=', true)
    .where('unsubscribed_at', 'is', null)
    .executeTakeFirst();
  return r !== undefined;
}

export function statusOf(row: AccountRow, providers: SocialProvider[], subscribed: boolean, now: Date): UserStatus {
  const facebook = providers.includes('facebook');
  return {
    hasAddress: row.hasAddress,
    DED: row.emailVerified,
    isFacebook: facebook,
    FBO: facebook && providers.length === 1 && !row.passwordHash,
    hasPassword: row.passwordHash !== null,
    isLocked: lockInForce(row, now),
    isRegistered: true,
    isSubscribed: subscribed,
    tpl: providers.length > 0,
  };
}

/** The User JSON of the README. */
export async function userJson(db: Db, row: AccountRow, now: Date): Promise<User> {
  const [providers, subscribed] = await Promise.all([providersOf(db, row.id), isSubscribed(db, row.email)]);
  const vip = vipOf(row, now);
  return {
    id: row.id,
    customerToken: row.customerToken,
    email: row.email ?? '',
    firstName: row.firstName,
    lastName: row.lastName,
    vipUser: vip.vipUser,
    vipStatus: vip.vipStatus,
    vipValidUntil: vip.vipValidUntil ? vip.vipValidUntil.toISOString() : null,
    emailVerified: row.emailVerified,
    emailSubscribed: subscribed,
    status: statusOf(row, providers, subscribed, now),
    socialLogins: providers,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The merchants schema as Kysely sees it, and its migrations. Every query goes through
 * `inMerchants(db)` (db.withSchema('merchants')).
 */
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import { schemaMigrations } from '@shop/platform';
import type { MerchantCity, MerchantType } from '@shop/domain/merchants';
import type { DealCommissionTable } from '../commission/commission.tables.ts';

export const MERCHANTS_SCHEMA = 'merchants';

/** bigint identity ids: compared as text, read with Number(). */
type Id = string;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type ApplicationStatus = 'pending' | 'approved' | 'rejected';
export type BusinessStatus = 'active' | 'suspended';
export type MembershipRole = 'owner' | 'staff';

export interface ApplicationTable {
  id: Generated<Id>;
  status: Generated<ApplicationStatus>;
  business_name: string;
  contact_name: string;
  email: string;
  phone: string;
  address_line: string;
  postcode: string;
  category: string;
  city: MerchantCity;
  type: MerchantType;
  created_at: Timestamp;
  decided_at: NullableTimestamp;
  decided_by: string | null;
  reject_reason: string | null;
  business_id: ColumnType<string | number | null, number | null | undefined, number | null>;
}

export interface ApplicationEventTable {
  id: Generated<Id>;
  application_id: number;
  event: 'submitted' | 'approved' | 'rejected';
  actor_ref: string | null;
  reason: string | null;
  at: Timestamp;
}

export interface BusinessTable {
  id: Generated<Id>;
  name: string;
  type: MerchantType;
  category: string;
  city: MerchantCity;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  address: string;
  postcode: string;
  catalogue_merchant_id: number | null;
  commission_bp: number;
  status: Generated<BusinessStatus>;
  application_id: ColumnType<string | number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

export interface MembershipTable {
  business_id: ColumnType<string | number, number, number>;
  customer_token: string;
  role: MembershipRole;
  created_at: Timestamp;
}

export interface PendingOwnerTable {
  business_id: ColumnType<string | number, number, number>;
  email: string;
  created_at: Timestamp;
}

export interface MailTable {
  id: Generated<Id>;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Timestamp;
  claimed_until: NullableTimestamp;
  attempts: Generated<number>;
  sent_at: NullableTimestamp;
}

export interface MerchantsDatabase {
  application: ApplicationTable;
  application_event: ApplicationEventTable;
  business: BusinessTable;
  membership: MembershipTable;
  pending_owner: PendingOwnerTable;
  mail: MailTable;
  deal_commission: DealCommissionTable;
}

export type MerchantsDb = Kysely<MerchantsDatabase>;
/** A handle or a transaction on it. */
export type MerchantsHandle = MerchantsDb | Transaction<MerchantsDatabase>;
/** What module functions take: the shop's one schema-agnostic handle, or a transaction on it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop passes one schema-agnostic handle
export type AnyDb = MerchantsHandle | Kysely<any>;

export const inMerchants = (db: AnyDb) => (db as MerchantsDb).withSchema(MERCHANTS_SCHEMA);

/** The schema's migrations (the files of migrations/, run in name order) and the function that brings it to the latest. */
export const { migrations: merchantsMigrations, migrate: migrateMerchants } = schemaMigrations(MERCHANTS_SCHEMA, new URL('./migrations/', import.meta.url));

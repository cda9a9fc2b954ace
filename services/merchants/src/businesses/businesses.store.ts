/**
 * Businesses and their members: the module functions the gateway's merchant screens will call
 * (issue 17). A merchant user is a users-service account (its customer token) with one or more
 * memberships; everything a member reads goes through the membership, so a business one is not a
 * member of is simply not there.
 */
import { sql, type Selectable } from 'kysely';
import type { MerchantCity, MerchantType } from '@shop/domain/merchants';
import { dealIdsOfMerchant } from '@shop/deals';
import type { DealsDb } from '@shop/deals/db/database';
import { confirmedEmailOfCustomer } from '@shop/users';
import { inMerchants, type AnyDb, type BusinessStatus, type BusinessTable, type MembershipRole } from '../db/database.ts';

/** The shop's commission on a business's vouchers unless staff set another (basis points: 25%). */
export const DEFAULT_COMMISSION_BP = 2500;

export interface Business {
  id: number;
  name: string;
  type: MerchantType;
  category: string;
  city: MerchantCity;
  contactName: string | null;
  email: string | null;
  phone: string | null;
  address: string;
  postcode: string;
  /** The deals service's merchant id; null until its first deal is listed. */
  catalogueMerchantId: number | null;
  commissionBp: number;
  status: BusinessStatus;
  createdAt: Date;
}

export type MemberBusiness = Business & { role: MembershipRole };

export function toBusiness(r: Selectable<BusinessTable>): Business {
  return {
    id: Number(r.id),
    name: r.name,
    type: r.type,
    category: r.category,
    city: r.city,
    contactName: r.contact_name,
    email: r.email,
    phone: r.phone,
    address: r.address,
    postcode: r.postcode,
    catalogueMerchantId: r.catalogue_merchant_id === null ? null : Number(r.catalogue_merchant_id),
    commissionBp: Number(r.commission_bp),
    status: r.status,
    createdAt: new Date(r.created_at),
  };
}

const SAFE_ID = (id: number) => Number.isSafeInteger(id) && id > 0;

export async function businessById(db: AnyDb, id: number): Promise<Business | null> {
  if (!SAFE_ID(id)) return null;
  const row = await inMerchants(db).selectFrom('business').selectAll().where('id', '=', String(id)).executeTakeFirst();
  return row ? toBusiness(row) : null;
}

/**
 * Makes the account an owner of the businesses approved for its email before it existed (or
 * before it was confirmed): only a confirmed address claims them. One statement, so two lookups at
 * once claim each business once. Returns how many it claimed.
 */
export async function claimPendingOwnership(db: AnyDb, customerToken: string): Promise<number> {
  const email = await confirmedEmailOfCustomer(db, customerToken);
  if (!email) return 0;
  const { rows } = await sql<{ business_id: string }>`
    with claimed as (delete from merchants.pending_owner where email = ${email.toLowerCase()} returning business_id)
    insert into merchants.membership (business_id, customer_token, role, created_at)
    select business_id, ${customerToken}, 'owner', now() from claimed
    on conflict (business_id, customer_token) do nothing
    returning business_id`.execute(db);
  return rows.length;
}

/** The businesses the account is a member of, with its role, by name (claiming pending ownership first). */
export async function businessesOf(db: AnyDb, customerToken: string): Promise<MemberBusiness[]> {
  await claimPendingOwnership(db, customerToken);
  const rows = await inMerchants(db)
    .selectFrom('business as b')
    .innerJoin('membership as m', 'm.business_id', 'b.id')
    .selectAll('b')
    .select('m.role')
    .where('m.customer_token', '=', customerToken)
    .orderBy('b.name')
    .orderBy('b.id')
    .execute();
  return rows.map((r) => ({ ...toBusiness(r), role: r.role }));
}

/** The account's role in the business, or null when it is not a member (or there is no such business). */
export async function roleIn(db: AnyDb, businessId: number, customerToken: string): Promise<MembershipRole | null> {
  if (!SAFE_ID(businessId)) return null;
  const row = await inMerchants(db).selectFrom('membership').select('role').where('business_id', '=', businessId).where('customer_token', '=', customerToken).executeTakeFirst();
  return row?.role ?? null;
}

export async function isMember(db: AnyDb, businessId: number, customerToken: string): Promise<boolean> {
  return (await roleIn(db, businessId, customerToken)) !== null;
}

/** The business as its member sees it; null, exactly as for an unknown id, when the account is not a member. */
export async function memberBusiness(db: AnyDb, customerToken: string, businessId: number): Promise<MemberBusiness | null> {
  const role = await roleIn(db, businessId, customerToken);
  if (!role) return null;
  const business = await businessById(db, businessId);
  return business ? { ...business, role } : null;
}

/** Adds a member (idempotent: an existing membership keeps its role). */
export async function addMember(db: AnyDb, businessId: number, customerToken: string, role: MembershipRole, now: Date): Promise<boolean> {
  const rows = await inMerchants(db)
    .insertInto('membership')
    .values({ business_id: businessId, customer_token: customerToken, role, created_at: now })
    .onConflict((oc) => oc.columns(['business_id', 'customer_token']).doNothing())
    .returning('business_id')
    .execute();
  return rows.length > 0;
}

/** The ids of the business's deals in the catalogue (none before its first deal is listed). */
export async function dealIdsOfBusiness(db: AnyDb, businessId: number): Promise<number[]> {
  const business = await businessById(db, businessId);
  if (!business || business.catalogueMerchantId === null) return [];
  return dealIdsOfMerchant(db as unknown as DealsDb, business.catalogueMerchantId);
}

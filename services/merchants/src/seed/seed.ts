/**
 * The merchants seed (issue 17 point 8), run at every start after the catalogue's: every merchant
 * of the deals catalogue becomes a business (idempotent: one per catalogue merchant, the unique
 * catalogue_merchant_id decides), and in a development or test shop a few demo merchants get
 * confirmed users-service accounts owning some of them (README "Demo merchants").
 */
import type { Kysely } from 'kysely';
import { catalogueMerchants, type CatalogueMerchant } from '@shop/deals';
import type { DealsDb } from '@shop/deals/db/database';
import { GIFT_CARD_MERCHANT_ID } from '@shop/domain/gift-cards';
import type { MerchantCity, MerchantType } from '@shop/domain/merchants';
import { ensureConfirmedAccount } from '@shop/users';
import { inMerchants } from '../db/database.ts';
import { addMember, DEFAULT_COMMISSION_BP } from '../businesses/businesses.store.ts';

/** Development only: the password of every demo merchant (README). */
export const DEMO_MERCHANT_PASSWORD = 'Thistle-Merchant-1';

export interface DemoMerchant {
  email: string;
  firstName: string;
  lastName: string;
  /** The businesses it is a member of: the n lowest catalogue ids of that type and city. */
  memberships: Array<{ type: MerchantType; city: MerchantCity; count: number; role: 'owner' | 'staff'; skip?: number }>;
}

export const DEMO_MERCHANTS: readonly DemoMerchant[] = [
  {
    email: 'glasgow.merchant@thistledeals.example',
    firstName: 'Morag',
    lastName: 'Reid',
    memberships: [
      { type: 'local', city: 'Glasgow', count: 2, role: 'owner' },
      { type: 'local', city: 'Edinburgh', count: 1, role: 'staff' },
    ],
  },
  { email: 'travel.merchant@thistledeals.example', firstName: 'Callum', lastName: 'Fraser', memberships: [{ type: 'travel', city: 'national', count: 1, role: 'owner' }] },
  { email: 'shop.merchant@thistledeals.example', firstName: 'Isla', lastName: 'Grant', memberships: [{ type: 'shop', city: 'national', count: 1, role: 'owner' }] },
];

const CITIES: Record<string, MerchantCity> = { glasgow: 'Glasgow', edinburgh: 'Edinburgh', aberdeen: 'Aberdeen' };

/** A catalogue merchant's type: travel deals make it travel, goods or the national shop make it shop, else local. */
export function merchantTypeOf(m: Pick<CatalogueMerchant, 'locationScope' | 'travelDeals' | 'postalDeals'>): MerchantType {
  if (m.locationScope === 'travel' || m.travelDeals > 0) return 'travel';
  if (m.locationScope === 'shop' || m.postalDeals > 0) return 'shop';
  return 'local';
}

export const merchantCityOf = (m: Pick<CatalogueMerchant, 'locationSlug'>): MerchantCity => CITIES[m.locationSlug] ?? 'national';

export interface SeedMerchantsResult {
  /** Businesses made by this run. */
  inserted: number;
  /** Businesses of catalogue merchants in all. */
  total: number;
  /** Demo accounts made by this run. */
  demoAccounts: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's one schema-agnostic handle
export async function seedMerchants(db: Kysely<any>, options: { demoMerchants?: boolean; now?: Date } = {}): Promise<SeedMerchantsResult> {
  const now = options.now ?? new Date();
  // Only the catalogue merchants with no business yet: an insert that conflicts still takes an id
  // from the sequence, so inserting them all on every start would burn ~1,100 ids a restart.
  const known = new Set((await inMerchants(db).selectFrom('business').select('catalogue_merchant_id').where('catalogue_merchant_id', 'is not', null).execute()).map((r) => Number(r.catalogue_merchant_id)));
  // The gift-card deal's merchant is the shop itself (issue 18 point 2): never a business, so no till redeems a gift card.
  const merchants = (await catalogueMerchants(db as DealsDb)).filter((m) => !known.has(m.id) && m.id !== GIFT_CARD_MERCHANT_ID);
  let inserted = 0;
  for (let i = 0; i < merchants.length; i += 500) {
    const rows = await inMerchants(db)
      .insertInto('business')
      .values(
        merchants.slice(i, i + 500).map((m) => ({
          name: m.name.slice(0, 120),
          type: merchantTypeOf(m),
          category: m.topCategory ?? m.locationScope,
          city: merchantCityOf(m),
          contact_name: null,
          email: null,
          phone: null,
          address: m.address.slice(0, 200),
          postcode: m.postcode,
          catalogue_merchant_id: m.id,
          commission_bp: DEFAULT_COMMISSION_BP,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.column('catalogue_merchant_id').doNothing())
      .returning('id')
      .execute();
    inserted += rows.length;
  }
  const { count } = await inMerchants(db).selectFrom('business').select((eb) => eb.fn.countAll<string>().as('count')).where('catalogue_merchant_id', 'is not', null).executeTakeFirstOrThrow();
  let demoAccounts = 0;
  if (options.demoMerchants) {
    for (const demo of DEMO_MERCHANTS) {
      const account = await ensureConfirmedAccount(db, { email: demo.email, password: DEMO_MERCHANT_PASSWORD, firstName: demo.firstName, lastName: demo.lastName }, now);
      if (account.created) demoAccounts += 1;
      for (const m of demo.memberships) {
        for (const business of await demoBusinesses(db, m)) await addMember(db, business, account.customerToken, m.role, now);
      }
    }
  }
  return { inserted, total: Number(count), demoAccounts };
}

/** The seeded businesses a demo membership names: the lowest catalogue ids of its type and city. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's one schema-agnostic handle
export async function demoBusinesses(db: Kysely<any>, m: DemoMerchant['memberships'][number]): Promise<number[]> {
  const rows = await inMerchants(db)
    .selectFrom('business')
    .select('id')
    .where('type', '=', m.type)
    .where('city', '=', m.city)
    .where('catalogue_merchant_id', 'is not', null)
    .orderBy('catalogue_merchant_id')
    .offset(m.skip ?? 0)
    .limit(m.count)
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Rows to the contract's Deal: one mapper, used by lists and by lookups by id.
 */
import { dealPath, voucherValiditySentence } from '@shop/domain';
import type { Deal, DealProduct, Money } from '../contract.ts';
import type { DealsDb } from '../db/database.ts';
import type { CategoryRecord, LocationRecord } from '../locations/locations.store.ts';
import { findMerchants } from '../merchants/merchants.store.ts';
import { findProductRows } from './deals.store.ts';
import type { DealRow, ProductRow } from './deals.table.ts';
import { dealImage } from '../images/image-urls.ts';

export interface Catalogue {
  locations: Map<number, LocationRecord>;
  categories: Map<number, CategoryRecord>;
}

const gbp = (amount: number): Money => ({ amount, currency: 'GBP' });
const iso = (d: unknown): string | null => (d === null || d === undefined ? null : new Date(d as string).toISOString());
/** A `date` column arrives as its 'YYYY-MM-DD' text (see the platform's openDatabase): keep it as is. */
const day = (d: string | null): string | null => d;

function toProduct(r: ProductRow): DealProduct {
  const price = Number(r.price_pence);
  const original = Number(r.original_price_pence);
  return {
    id: r.id,
    title: r.title,
    price: gbp(price),
    originalPrice: gbp(original),
    discount: gbp(Math.max(0, original - price)),
    discountPercentage: original > price ? Math.floor(((original - price) * 100) / original) : 0,
    displayDiscount: r.display_discount,
    purchaseCap: r.purchase_cap,
    remaining: r.remaining,
    soldOut: r.remaining === 0,
    hasDeposit: r.has_deposit,
    depositProduct:
      r.has_deposit && r.deposit_product_id !== null && r.deposit_price_pence !== null ? { id: r.deposit_product_id, price: gbp(r.deposit_price_pence) } : null,
    postagePrice: r.postage_pence === null ? null : gbp(r.postage_pence),
    numberOfNights: r.number_of_nights,
    checkInDate: day(r.check_in_date),
    checkOutDate: day(r.check_out_date),
    vipExclusive: r.vip_exclusive,
    visibility: r.vip_exclusive ? 'vip' : 'public',
    disabled: r.disabled,
    position: r.position,
  };
}

function parseList(v: unknown): string[] {
  const value = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(value) ? value.map(String) : [];
}

/**
 * Loads products and merchants for the rows (two queries whatever the page size) and maps them.
 * `loadProducts` reads the rows' products elsewhere (the preview's deals that are not live yet).
 */
export async function hydrateDeals(
  db: DealsDb,
  rows: DealRow[],
  catalogue: Catalogue,
  basePath: string,
  loadProducts: (db: DealsDb, dealIds: number[]) => Promise<ProductRow[]> = findProductRows,
): Promise<Deal[]> {
  if (rows.length === 0) return [];
  const [productRows, merchantList] = await Promise.all([
    loadProducts(db, rows.map((r) => r.id)),
    findMerchants(db, rows.map((r) => r.merchant_id)),
  ]);
  const productsByDeal = new Map<number, DealProduct[]>();
  for (const p of productRows) {
    const list = productsByDeal.get(p.deal_id) ?? [];
    list.push(toProduct(p));
    productsByDeal.set(p.deal_id, list);
  }
  const merchants = new Map(merchantList.map((m) => [m.id, m]));
  return rows.map((r) => {
    const location = catalogue.locations.get(r.location_id)!;
    const category = catalogue.categories.get(r.category_id)!;
    const sub = r.subcategory_id === null ? null : (catalogue.categories.get(r.subcategory_id) ?? null);
    const products = productsByDeal.get(r.id) ?? [];
    const price = Number(r.price_pence);
    return {
      id: r.id,
      title: r.title,
      headline: r.headline,
      description: r.description,
      highlights: parseList(r.highlights),
      finePrint: [voucherValiditySentence(r.voucher_validity_months), ...parseList(r.fine_print)],
      price: gbp(price),
      originalPrice: gbp(Number(r.original_price_pence)),
      discountPercentage: r.discount_percentage,
      currency: 'GBP',
      priceDisplay: r.price_display,
      shareUrl: dealPath({ location: location.slug, category: category.slug, subcategory: sub?.slug ?? null, dealId: r.id, title: r.title }),
      image: dealImage(basePath, r.image_id, r.image_alt),
      business: merchants.get(r.merchant_id)!,
      location: { slug: location.slug, name: location.name },
      category: { id: category.id, name: category.name, shortName: category.shortName },
      subCategory: sub ? { id: sub.id, name: sub.name, shortName: sub.shortName } : null,
      closingDate: iso(r.closing_date),
      isEvergreen: r.closing_date === null,
      soldCount: r.sold_count,
      finalDealOrderAmount: r.final_deal_order_amount,
      highFraudRisk: r.high_fraud_risk,
      purchaseCap: r.purchase_cap,
      totalRemainingForDay: r.total_remaining_for_day,
      productDisplay: { type: r.product_count > 1 ? 'multi' : 'single' },
      pricePerPerson: r.price_per_person,
      bookingCalendarOnRedemption: r.booking_calendar_on_redemption,
      giftClaim: r.gift_claim,
      deliveryType: r.delivery_type,
      vipExclusive: r.vip_exclusive,
      createdAt: iso(r.created_at)!,
      products,
    };
  });
}

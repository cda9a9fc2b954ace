/**
 * The shop's own gift-card deal (issue 18 point 2): a Shop deal in Toys & Gifts whose options are
 * the gift card amounts (£10 to £500, GIFT_CARD_AMOUNTS_PENCE), sold at face value, its vouchers
 * valid for 6 months (the time a gift card can be redeemed for wallet credit). Written with the
 * reserved GIFT_CARD_DEAL_ID so the vouchers service knows its vouchers are gift cards. Idempotent:
 * every start calls it after the catalogue seed, and a catalogue that has it is left as it is.
 */
import { dealHeadline, deliveryPricesOf, GIFT_CARD_AMOUNTS_PENCE, GIFT_CARD_DEAL_ID, GIFT_CARD_MERCHANT_ID, GIFT_CARD_REDEEM_MONTHS, summariseDealPrice } from '@shop/domain';
import type { DealsDb } from '../db/database.ts';
import type { NewDeal, NewProduct } from '../deals/deals.table.ts';
import { SCENE_CONTENT_TYPE, SCENE_HEIGHT, SCENE_WIDTH } from '../images/scene.ts';
import { seededScene } from './images.ts';

/** The gift-card deal's image and first product id: reserved like the deal id. */
const GIFT_CARD_IMAGE_ID = GIFT_CARD_DEAL_ID;
const GIFT_CARD_FIRST_PRODUCT_ID = GIFT_CARD_DEAL_ID + 10;

const SHOP_LOCATION_SLUG = 'shop';

/** Writes the gift-card deal when the catalogue has its location and category and not the deal yet; true when written. */
export async function ensureGiftCardDeal(db: DealsDb, now = new Date()): Promise<boolean> {
  const d = db.withSchema('deals');
  if (await d.selectFrom('deal').select('id').where('id', '=', GIFT_CARD_DEAL_ID).executeTakeFirst()) return false;
  const location = await d.selectFrom('location').select('id').where('slug', '=', SHOP_LOCATION_SLUG).executeTakeFirst();
  const category = await d.selectFrom('category').select('id').where('slug', '=', 'toys-gifts').where('parent_id', 'is', null).executeTakeFirst();
  if (!location || !category) return false;
  const sub = await d.selectFrom('category').select('id').where('slug', '=', 'gift-sets').where('parent_id', '=', category.id).executeTakeFirst();

  const products: NewProduct[] = GIFT_CARD_AMOUNTS_PENCE.map((pence, i) => ({
    id: GIFT_CARD_FIRST_PRODUCT_ID + i + 1, deal_id: GIFT_CARD_DEAL_ID, position: i + 1, title: `£${pence / 100} Thistle Deals gift card`,
    price_pence: pence, original_price_pence: pence, display_discount: false, purchase_cap: 10, remaining: null,
    has_deposit: false, deposit_product_id: null, deposit_price_pence: null, postage_pence: null, number_of_nights: null,
    check_in_date: null, check_out_date: null, vip_exclusive: false, disabled: false,
  }));
  const summary = summariseDealPrice(products.map((p) => ({ price: p.price_pence, originalPrice: p.original_price_pence, vipExclusive: false, disabled: false })));
  const headline = dealHeadline(products.map((p) => ({ price: p.price_pence, originalPrice: p.original_price_pence, deliveryPrices: deliveryPricesOf(null), vipExclusive: false, disabled: false })));
  const deal: NewDeal = {
    id: GIFT_CARD_DEAL_ID, location_id: location.id, category_id: category.id, subcategory_id: sub?.id ?? null, merchant_id: GIFT_CARD_MERCHANT_ID, image_id: GIFT_CARD_IMAGE_ID,
    title: 'Thistle Deals Gift Card',
    headline: 'A Thistle Deals gift card from £10 to £500: they choose the restaurant, spa day, activity or break',
    description: `Give a Thistle Deals gift card and let them choose from thousands of deals across Scotland and the UK. Choose an amount from £10 to £500 and send it as an e-gift by email (choose "Send it as an e-gift" in your basket and give their name, email address and a message, and we email them the gift card code when your order is paid or on the day you choose), or choose "Posted card" in your basket and we post a printed card with the code to your delivery address (£1.50 postage; it arrives within 5 working days). They redeem the code for wallet credit on their Thistle Deals account within ${GIFT_CARD_REDEEM_MONTHS} months of purchase, and spend the credit on any deal at checkout within 12 months of redeeming it.`,
    image_alt: 'A Thistle Deals gift card',
    highlights: JSON.stringify(['Any amount from £10 to £500', 'Sent as an e-gift by email, or posted as a printed card (£1.50 postage)', 'Redeemed for wallet credit, spent on any deal']),
    fine_print: JSON.stringify([
      'Redeem for wallet credit at thistledeals.example/giftcard/redeem, signed in to a Thistle Deals account, within 6 months of purchase.',
      'Wallet credit from a gift card expires 12 months after it is redeemed.',
      'No cash alternative. An unredeemed gift card can be refunded to the buyer within 14 days of purchase.',
      'Promo codes and promotional wallet credit cannot be used towards a gift card.',
      'Full terms: Gift card terms (/page/giftcardterms).',
    ]),
    voucher_validity_months: GIFT_CARD_REDEEM_MONTHS,
    price_pence: summary.price, original_price_pence: summary.originalPrice, discount_percentage: 0, vip_price_pence: null,
    headline_price_pence: headline.price, headline_discount_percentage: 0, currency: 'GBP', price_display: 'show price',
    vip_exclusive: false, product_count: products.length, closing_date: null, created_at: now, sold_count: 0, final_deal_order_amount: 0,
    high_fraud_risk: false, purchase_cap: 10, total_remaining_for_day: null, price_per_person: false, booking_calendar_on_redemption: false,
    gift_claim: false, delivery_type: 'voucher', early_bird_until: null, tags: ['gift card', 'gifts', 'vouchers'],
  };
  await db.transaction().execute(async (trx) => {
    const t = trx.withSchema('deals');
    await t.insertInto('merchant').values({ id: GIFT_CARD_MERCHANT_ID, location_id: location.id, name: 'Thistle Deals', address: '120 Bothwell Street, Glasgow', postcode: 'G2 7JL', lat: 55.8613, lon: -4.2632, website: null }).onConflict((oc) => oc.column('id').doNothing()).execute();
    const scene = seededScene({ dealId: GIFT_CARD_DEAL_ID, scope: 'shop', category: 'toys-gifts', sub: 'gift-sets', title: deal.title, alt: deal.image_alt, merchant: 'Thistle Deals' });
    await t.insertInto('image').values({ id: GIFT_CARD_IMAGE_ID, content_type: SCENE_CONTENT_TYPE, body: null, scene: JSON.stringify(scene), width: SCENE_WIDTH, height: SCENE_HEIGHT }).onConflict((oc) => oc.column('id').doNothing()).execute();
    await t.insertInto('deal').values(deal).onConflict((oc) => oc.column('id').doNothing()).execute();
    await t.insertInto('product').values(products).onConflict((oc) => oc.column('id').doNothing()).execute();
  });
  return true;
}

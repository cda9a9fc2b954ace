/**
 * Structured data of a deal page: one schema.org `Product` with its `Offer`, written as JSON-LD
 * (https://schema.org/Product, https://developers.google.com/search/docs/appearance/structured-data/product-snippet).
 * The shop server puts it in the served <head> (gateway/src/html/render-head.ts) and the client
 * renders the same when it navigates (client/src/ui/SeoProduct.tsx), from this one builder.
 *
 * The offer's price is the price the page shows first (Deal.headlinePrice), as a decimal string
 * made from the integer pence (money.ts decimalAmount); no offer when the page hides its price.
 */
import { londonDate } from './london-time.ts';
import { decimalAmount, type Money } from './money.ts';
import { absoluteUrl } from './page-head.ts';
import { TEXT_LIMITS, truncate } from './text.ts';

export const SCHEMA_IN_STOCK = 'https://schema.org/InStock';
export const SCHEMA_SOLD_OUT = 'https://schema.org/SoldOut';
export type SchemaAvailability = typeof SCHEMA_IN_STOCK | typeof SCHEMA_SOLD_OUT;

/** What a deal page knows about its deal (the GraphQL Deal's fields of the same names). */
export interface DealStructuredDataInput {
  dealId: number;
  title: string;
  headline?: string | null;
  description: string;
  /** The deal page's path (Deal.url). */
  url: string;
  imageUrl?: string | null;
  merchantName?: string | null;
  /** The price the page shows first (Deal.headlinePrice); null when the page hides prices. */
  price: Money | null;
  /** When the deal stops selling (ISO 8601); null for an evergreen deal. */
  closingDate?: string | null;
  /** The deal's options: it is sold out when none can be bought. */
  products: readonly { soldOut: boolean; disabled: boolean }[];
}

export interface ProductOfferJsonLd {
  '@type': 'Offer';
  price: string;
  priceCurrency: Money['currency'];
  availability: SchemaAvailability;
  url: string;
  priceValidUntil?: string;
}

export interface ProductJsonLd {
  '@context': 'https://schema.org';
  '@type': 'Product';
  name: string;
  description: string;
  url: string;
  sku: string;
  image?: string[];
  brand?: { '@type': 'Brand'; name: string };
  offers?: ProductOfferJsonLd;
}

/** A deal as the GraphQL Deal gives it (the server's head query and the client's fragment select these). */
export interface GraphqlDealForStructuredData {
  dealId: number;
  title: string;
  headline: string;
  description: string;
  url: string;
  image: { url: string };
  merchant: { name: string } | null;
  headlinePrice: { amount: number; currency: string };
  priceDisplay: string;
  closingDate?: string | null;
  products: readonly { soldOut: boolean; disabled: boolean }[];
}

/** The structured data's view of a GraphQL Deal: no price when the page hides prices (priceDisplay HIDDEN). */
export function dealStructuredData(deal: GraphqlDealForStructuredData): DealStructuredDataInput {
  return {
    dealId: deal.dealId,
    title: deal.title,
    headline: deal.headline,
    description: deal.description,
    url: deal.url,
    imageUrl: deal.image.url,
    merchantName: deal.merchant?.name ?? null,
    price: deal.priceDisplay === 'HIDDEN' ? null : { amount: deal.headlinePrice.amount, currency: deal.headlinePrice.currency === 'EUR' ? 'EUR' : 'GBP' },
    closingDate: deal.closingDate ?? null,
    products: deal.products,
  };
}

/**
 * A deal's availability: sold out once it has closed (its closing date has passed, as the page
 * says "this deal has ended"), or when no option can be bought (every one sold out or disabled).
 */
export function dealAvailability(deal: Pick<DealStructuredDataInput, 'closingDate' | 'products'>, now: Date): SchemaAvailability {
  if (deal.closingDate && new Date(deal.closingDate).getTime() <= now.getTime()) return SCHEMA_SOLD_OUT;
  return deal.products.some((p) => !p.soldOut && !p.disabled) ? SCHEMA_IN_STOCK : SCHEMA_SOLD_OUT;
}

/**
 * The deal page's Product with its Offer. `origin` (https://host) makes the urls absolute;
 * priceValidUntil is the closing date's day in London.
 */
export function dealProductJsonLd(deal: DealStructuredDataInput, origin: string, now: Date): ProductJsonLd {
  const url = absoluteUrl(origin, deal.url);
  const merchant = deal.merchantName?.trim();
  const closing = deal.closingDate ? new Date(deal.closingDate) : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: deal.title,
    description: truncate(deal.headline || deal.description, TEXT_LIMITS.text),
    url,
    sku: String(deal.dealId),
    ...(deal.imageUrl ? { image: [absoluteUrl(origin, deal.imageUrl)] } : {}),
    ...(merchant ? { brand: { '@type': 'Brand' as const, name: merchant } } : {}),
    ...(deal.price
      ? {
          offers: {
            '@type': 'Offer' as const,
            price: decimalAmount(deal.price.amount),
            priceCurrency: deal.price.currency,
            availability: dealAvailability(deal, now),
            url,
            ...(closing && !Number.isNaN(closing.getTime()) ? { priceValidUntil: londonDate(closing) } : {}),
          },
        }
      : {}),
  };
}

const SCRIPT_TEXT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * JSON for the text of a <script type="application/ld+json">: `<`, `>` and `&` as JSON escapes,
 * so no value can close the script element (`</script>`) or open a comment (`<!--`); still
 * the same JSON to any parser. U+2028 and U+2029 too, for older JavaScript readers.
 */
export function jsonLdScriptText(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => SCRIPT_TEXT_ESCAPES[ch]!);
}

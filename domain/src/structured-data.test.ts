import { describe, expect, it } from 'vitest';
import { money } from './money.ts';
import { dealAvailability, dealProductJsonLd, dealStructuredData, jsonLdScriptText, SCHEMA_IN_STOCK, SCHEMA_SOLD_OUT, type DealStructuredDataInput } from './structured-data.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const ORIGIN = 'https://shop.example';

const deal = (over: Partial<DealStructuredDataInput> = {}): DealStructuredDataInput => ({
  dealId: 42,
  title: 'Spa day for two',
  headline: 'Massage, lunch and fizz',
  description: 'A full spa day with a 30-minute massage each.',
  url: '/deals/glasgow/beauty/spa/42/spa-day-for-two.html',
  imageUrl: '/api/deals/images/42.jpg',
  merchantName: 'The Spa at Blythswood',
  price: money(4999),
  closingDate: '2026-12-31T23:59:59Z',
  products: [{ soldOut: false, disabled: false }],
  ...over,
});

describe('dealProductJsonLd (schema.org Product with an Offer)', () => {
  it('builds the Product and its Offer with absolute urls', () => {
    expect(dealProductJsonLd(deal(), ORIGIN, NOW)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Spa day for two',
      description: 'Massage, lunch and fizz',
      url: 'https://shop.example/deals/glasgow/beauty/spa/42/spa-day-for-two.html',
      sku: '42',
      image: ['https://shop.example/api/deals/images/42.jpg'],
      brand: { '@type': 'Brand', name: 'The Spa at Blythswood' },
      offers: {
        '@type': 'Offer',
        price: '49.99',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.example/deals/glasgow/beauty/spa/42/spa-day-for-two.html',
        // 23:59:59 UTC on 31 December is still the 31st in London (GMT).
        priceValidUntil: '2026-12-31',
      },
    });
  });

  it.each([
    [4999, '49.99'],
    [2000, '20.00'],
    [5, '0.05'],
    [10, '0.10'],
    [123456, '1234.56'],
    // 0.1 + 0.2 style float errors cannot appear: the string is made from the pence's digits.
    [30, '0.30'],
  ])('price %i pence is "%s"', (pence, expected) => {
    expect(dealProductJsonLd(deal({ price: money(pence) }), ORIGIN, NOW).offers?.price).toBe(expected);
  });

  it('carries the money’s currency', () => {
    expect(dealProductJsonLd(deal({ price: money(5000, 'EUR') }), ORIGIN, NOW).offers).toMatchObject({ price: '50.00', priceCurrency: 'EUR' });
  });

  it('has no offer when the page hides its price', () => {
    expect(dealProductJsonLd(deal({ price: null }), ORIGIN, NOW)).not.toHaveProperty('offers');
  });

  it('leaves out what is not known: no image, no merchant, no closing date (evergreen)', () => {
    const ld = dealProductJsonLd(deal({ imageUrl: null, merchantName: '  ', closingDate: null }), ORIGIN, NOW);
    expect(ld).not.toHaveProperty('image');
    expect(ld).not.toHaveProperty('brand');
    expect(ld.offers).not.toHaveProperty('priceValidUntil');
  });

  it('priceValidUntil is the closing date’s day in London (BST)', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London.
    expect(dealProductJsonLd(deal({ closingDate: '2027-06-30T23:30:00Z' }), ORIGIN, NOW).offers?.priceValidUntil).toBe('2027-07-01');
  });

  it('keeps an absolute image url as it is, and the description falls back to the deal’s description', () => {
    const ld = dealProductJsonLd(deal({ imageUrl: 'https://img.example/a.jpg', headline: '' }), ORIGIN, NOW);
    expect(ld.image).toEqual(['https://img.example/a.jpg']);
    expect(ld.description).toBe('A full spa day with a 30-minute massage each.');
  });
});

describe('dealAvailability (from the deal’s state)', () => {
  it.each([
    ['an open deal with an option to buy', { closingDate: '2026-12-01T00:00:00Z', products: [{ soldOut: false, disabled: false }] }, SCHEMA_IN_STOCK],
    ['an evergreen deal', { closingDate: null, products: [{ soldOut: true, disabled: false }, { soldOut: false, disabled: false }] }, SCHEMA_IN_STOCK],
    ['a deal that has closed', { closingDate: '2026-11-22T11:59:59Z', products: [{ soldOut: false, disabled: false }] }, SCHEMA_SOLD_OUT],
    ['a deal closing this very moment', { closingDate: NOW.toISOString(), products: [{ soldOut: false, disabled: false }] }, SCHEMA_SOLD_OUT],
    ['every option sold out', { closingDate: null, products: [{ soldOut: true, disabled: false }, { soldOut: true, disabled: false }] }, SCHEMA_SOLD_OUT],
    ['the only option left is disabled', { closingDate: null, products: [{ soldOut: true, disabled: false }, { soldOut: false, disabled: true }] }, SCHEMA_SOLD_OUT],
    ['no options at all', { closingDate: null, products: [] }, SCHEMA_SOLD_OUT],
  ] as const)('%s', (_name, state, expected) => {
    expect(dealAvailability(state, NOW)).toBe(expected);
    expect(dealProductJsonLd(deal(state), ORIGIN, NOW).offers?.availability).toBe(expected);
  });
});

describe('jsonLdScriptText', () => {
  it('cannot close the script element or open a comment, and parses back to the same value', () => {
    const hostile = { name: '</script><script>alert(1)</script>', description: '<!-- & -->', other: 'line\u2028sep\u2029' };
    const text = jsonLdScriptText(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(hostile);
  });

  it('escapes a deal title that tries to break out of the page', () => {
    const text = jsonLdScriptText(dealProductJsonLd(deal({ title: 'A</script><img src=x onerror=alert(1)>' }), ORIGIN, NOW));
    expect(text.toLowerCase()).not.toContain('</script');
    expect((JSON.parse(text) as { name: string }).name).toBe('A</script><img src=x onerror=alert(1)>');
  });
});

describe('dealStructuredData (the one mapping of a GraphQL Deal, for the server head and the client)', () => {
  const graphqlDeal = {
    dealId: 7,
    title: 'Afternoon tea',
    headline: 'Scones and fizz',
    description: 'Tea for two.',
    url: '/deals/glasgow/afternoon-tea/tea/7/afternoon-tea.html',
    image: { url: '/api/deals/images/7' },
    merchant: { name: 'The Tea Room' },
    headlinePrice: { amount: 1999, currency: 'GBP' },
    priceDisplay: 'STANDARD',
    closingDate: null,
    products: [{ soldOut: false, disabled: false }],
  };

  it('takes the fields the page shows, the headline price as Money', () => {
    expect(dealStructuredData(graphqlDeal)).toEqual({
      dealId: 7,
      title: 'Afternoon tea',
      headline: 'Scones and fizz',
      description: 'Tea for two.',
      url: '/deals/glasgow/afternoon-tea/tea/7/afternoon-tea.html',
      imageUrl: '/api/deals/images/7',
      merchantName: 'The Tea Room',
      price: money(1999),
      closingDate: null,
      products: [{ soldOut: false, disabled: false }],
    });
  });

  it('has no price when the page hides prices, and no merchant when there is none', () => {
    const mapped = dealStructuredData({ ...graphqlDeal, priceDisplay: 'HIDDEN', merchant: null });
    expect(mapped.price).toBeNull();
    expect(mapped.merchantName).toBeNull();
    expect(dealStructuredData({ ...graphqlDeal, headlinePrice: { amount: 500, currency: 'EUR' } }).price).toEqual(money(500, 'EUR'));
  });
});

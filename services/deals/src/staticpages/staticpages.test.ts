import { describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { migrateDeals } from '../db/database.ts';
import { dealsFixture, TEST_TOKEN } from '../test/deals-fixture.ts';
import { expectProblem } from '../lists/list-test-helpers.ts';
import { CONTENT_PAGE_SLUGS, STATIC_PAGE_SLUGS, STATIC_PAGES } from './staticpages.content.ts';
import { StaticPageSchema, type StaticPage } from './staticpages.contract.ts';
import { upsertStaticPages } from './staticpages.store.ts';

/** Spec §2, word for word: every static page slug. */
const SPEC_SLUGS = [
  'aboutus',
  'termsofuse',
  'privacypolicy',
  'e-commerceterms',
  'internetsafety',
  'takedown',
  'productrecalls',
  'admin-fee',
  'giftcardterms',
  'wallet-credit-more-info',
  'wallettermsofuse',
  'businessfaq',
  'promo',
  'uk-modern-slavery-act-transparency-statement',
  'regulated-finance-complaints.html',
  'regulated-finance-disclosure.html',
];

describe.each(testDatabases())('static page routes on %s', (_name, open) => {
  const f = suiteFixture(() => dealsFixture(open, 30), (fixture) => fixture.database.close());

  const page = async (slug: string): Promise<StaticPage> => StaticPageSchema.parse(await f.json(`/staticpage/${encodeURIComponent(slug)}`));

  const problem = (path: string, status: number) => expectProblem(f, path, status);

  it('GET /staticpage/{slug} serves every slug of spec §2 at /page/{slug}, and the content pages at their own path', async () => {
    expect([...STATIC_PAGE_SLUGS]).toEqual(SPEC_SLUGS);
    for (const slug of SPEC_SLUGS) {
      const p = await page(slug);
      expect(p.slug).toBe(slug);
      expect(p.path).toBe(`/page/${slug}`);
      expect(p.title.length, slug).toBeGreaterThan(3);
      expect(p.description.length, slug).toBeGreaterThan(40);
      expect(p.sections.length, slug).toBeGreaterThanOrEqual(2);
      for (const s of p.sections) expect(s.paragraphs.length + s.items.length, `${slug}#${s.id}`).toBeGreaterThan(0);
      expect(new Set(p.sections.map((s) => s.id)).size, `${slug}: unique anchors`).toBe(p.sections.length);
    }
    expect((await page('editorial-team')).path).toBe('/editorial-team');
    expect((await page('discountcodes')).path).toBe('/discountcodes');
    expect([...CONTENT_PAGE_SLUGS]).toEqual(['editorial-team', 'discountcodes']);
  });

  it('e-commerceterms carries the vip, protect-my-voucher and voucher-validity-extensions anchors, with the spec’s figures', async () => {
    const terms = await page('e-commerceterms');
    const ids = terms.sections.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['vip', 'protect-my-voucher', 'voucher-validity-extensions', 'refunds']));
    const text = (id: string) => terms.sections.find((s) => s.id === id)!.paragraphs.join(' ');
    expect(text('vip')).toContain('£4.99 a year');
    expect(text('vip')).toContain('up to 10%');
    expect(text('voucher-validity-extensions')).toContain('up to 3 months');
    expect(text('refunds')).toContain('within 14 days');
    const wallet = JSON.stringify(await page('wallettermsofuse'));
    expect(wallet).toContain('12 months after it is redeemed');
    expect(wallet).toContain('10% of each item, up to £5 per item');
    expect(JSON.stringify(await page('giftcardterms'))).toContain('within 6 months of purchase');
  });

  it('sections are plain text: no markup, and links only to paths on the shop', async () => {
    for (const p of STATIC_PAGES) {
      const body = await page(p.slug);
      for (const s of body.sections) {
        for (const t of [s.heading, ...s.paragraphs, ...s.items]) expect(t, `${p.slug}#${s.id}`).not.toMatch(/<[a-z/!]/i);
        for (const l of s.links) expect(l.href).toMatch(/^\/[^/]/);
      }
    }
  });

  it('an unknown slug is a 404 problem', async () => {
    for (const slug of ['nowhere', 'about-us', 'aboutus.html', 'page']) {
      const body = await problem(`/staticpage/${slug}`, 404);
      expect(body.code, slug).toBe('NOT_FOUND');
    }
  });

  it('a malformed slug is a 400 problem naming the field', async () => {
    for (const slug of ['AboutUs', 'about_us', '..%2Fetc%2Fpasswd', 'a%20b', '-aboutus', 'aboutus-', 'x.htm', `${'a'.repeat(81)}`, '%3Cscript%3E']) {
      const body = await problem(`/staticpage/${slug}`, 400);
      expect(body.code, slug).toBe('VALIDATION_FAILED');
      expect(body.errors?.map((e) => e.field), slug).toContain('slug');
    }
  });

  it('is token-protected like the other routes', async () => {
    const res = await f.app.request('/staticpage/aboutus');
    expect(res.status).toBe(401);
    expect((await f.app.request('/staticpage/aboutus', { headers: { [SERVICE_TOKEN_HEADER]: `${TEST_TOKEN}x` } })).status).toBe(401);
  });

  it('is documented in the OpenAPI document with its 400 and 404 problems', async () => {
    const doc = (await f.json('/openapi.json')) as { paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: { $ref?: string } }> }> } }> };
    const op = doc.paths['/staticpage/{slug}']!.get;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    expect(op.responses['200']!.content['application/json']!.schema.$ref).toBe('#/components/schemas/StaticPage');
    expect(op.responses['404']!.content['application/problem+json']!.schema.$ref).toBe('#/components/schemas/Problem');
  });

  it('the migration is idempotent and upserting the copy again replaces it', async () => {
    await migrateDeals(f.database.db);
    const before = await page('promo');
    await upsertStaticPages(f.database.db, STATIC_PAGES.filter((p) => p.slug === 'promo').map((p) => ({ ...p, title: 'Changed' })));
    expect((await page('promo')).title).toBe('Changed');
    await upsertStaticPages(f.database.db, STATIC_PAGES);
    expect(await page('promo')).toEqual(before);
    expect(f.logged).toEqual([]);
  });
});

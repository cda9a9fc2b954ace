/**
 * Query.staticPage through yoga.fetch against the real deals service (in-process) over a
 * migrated database: PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATIC_PAGE_SLUGS } from '@shop/deals/staticpages/staticpages.content';
import { openSeededDeals } from '../../test/deals-service.ts';
import { captureLogger, fakeService, gql, TEST_TOKEN } from '../../test/helpers.ts';
import { createGateway, type Gateway } from '../../yoga.ts';

const PAGE = /* GraphQL */ `
  query Page($slug: String!) {
    staticPage(slug: $slug) {
      slug
      path
      title
      description
      updatedOn
      sections { anchor heading paragraphs items links { label href } }
    }
  }
`;

describe.each(testDatabases())('Query.staticPage on %s', (_name, open) => {
  let yoga: Gateway;
  let close = async () => {};
  const logger = captureLogger();
  beforeAll(async () => {
    const deals = await openSeededDeals(open, 20);
    close = deals.close;
    yoga = createGateway({ services: { deals: { app: deals.app } }, serviceToken: TEST_TOKEN, logger, exposeRestCalls: true });
  });
  afterAll(async () => {
    await close();
  });

  it('returns every static page of spec §2 with its sections', async () => {
    for (const slug of STATIC_PAGE_SLUGS) {
      const res = await gql(yoga, PAGE, { slug });
      expect(res.body.errors, slug).toBeUndefined();
      const page = res.body.data.staticPage;
      expect(page).toMatchObject({ slug, path: `/page/${slug}` });
      expect(page.sections.length).toBeGreaterThan(1);
      expect(page.updatedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('e-commerceterms has the vip, protect-my-voucher and voucher-validity-extensions anchors', async () => {
    const res = await gql(yoga, PAGE, { slug: 'e-commerceterms' });
    const anchors = res.body.data.staticPage.sections.map((s: { anchor: string }) => s.anchor);
    expect(anchors).toEqual(expect.arrayContaining(['vip', 'protect-my-voucher', 'voucher-validity-extensions']));
  });

  it('serves the content pages at their own paths', async () => {
    for (const [slug, path] of [['editorial-team', '/editorial-team'], ['discountcodes', '/discountcodes']]) {
      const res = await gql(yoga, PAGE, { slug });
      expect(res.body.data.staticPage.path).toBe(path);
    }
  });

  it('is null for an unknown slug (one call) and for a malformed one (no call)', async () => {
    const unknown = await gql(yoga, PAGE, { slug: 'nowhere' });
    expect(unknown.body).toEqual({ data: { staticPage: null } });
    expect(unknown.headers.get('x-rest-calls')).toBe('1');
    for (const slug of ['../deals/glasgow', 'Aboutus', '', 'a'.repeat(81), 'aboutus?x=1']) {
      const res = await gql(yoga, PAGE, { slug });
      expect(res.body, slug).toEqual({ data: { staticPage: null } });
      expect(res.headers.get('x-rest-calls'), slug).toBe('0');
    }
  });

  it('asks the service once for a page named twice in one document', async () => {
    const res = await gql(yoga, '{ a: staticPage(slug: "promo") { title } b: staticPage(slug: "promo") { path } }');
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.a.title).toBe('Promotions');
    expect(res.headers.get('x-rest-calls')).toBe('1');
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  });
});

describe('Query.staticPage when the service fails', () => {
  it('masks a service failure as an unexpected error', async () => {
    const service = fakeService(() => new Response('{}', { status: 500, headers: { 'content-type': 'application/json' } }));
    const logger = captureLogger();
    const yoga = createGateway({ services: { deals: { app: service } }, serviceToken: TEST_TOKEN, logger });
    const res = await gql(yoga, PAGE, { slug: 'aboutus' });
    expect(res.body.data).toEqual({ staticPage: null });
    expect(res.body.errors?.[0]?.message).toBe('Unexpected error.');
    expect(new URL(service.requests[0]!.url).pathname).toBe('/staticpage/aboutus');
  });
});

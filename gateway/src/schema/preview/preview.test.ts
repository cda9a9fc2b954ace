/**
 * Deal previews and the paid-campaign landing page through the shop (issue 19 points 6 and 8),
 * over the real services on one fresh database (PGlite, and PostgreSQL when TEST_DATABASE_URL is
 * set): the deals service with its demo upcoming deals and campaigns, the merchants service
 * (seeded: a business per catalogue merchant) and the users service.
 *
 * - dealPreview: a member of the deal's business and a staff person see a scheduled deal and a
 *   draft with their status; a member of another business, a shopper and a guest get null, as for
 *   no such deal; deal(dealId:) is null for everyone (not live); MerchantBusiness.upcomingDeals.
 * - The preview page: 200, noindex (robots meta and X-Robots-Tag), never cached, for the member
 *   (by the deal-preview segment and by ?dealPreview); the normal 404 for anyone else; a live
 *   deal's preview link sends anyone else to the deal's page.
 * - A deal not live cannot be bought: addToBasket refuses it.
 * - welcomeCampaign and /welcome: the named campaign, or the default one; noindex.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { ensureCampaigns, ensureUpcomingDeals } from '@shop/deals';
import { addMember, migrateMerchants, seedMerchants } from '@shop/merchants';
import { testDatabases } from '@shop/platform/test-databases';
import type { UsersDb } from '@shop/users/db/database';
import { createPasswordHasher } from '@shop/users/lib/passwords';
import { addStaffPerson } from '@shop/users/store/staff-people';
import { createMerchantsApp } from '@shop/merchants';
import { createMailer } from '@shop/platform';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBuyingServices, type BuyingServices } from '../../../test/buying-services.ts';
import { shopOver, signUpOn } from '../../../test/vouchers-shop.ts';
import type { Browser } from '../../test/accounts-services.ts';
import { captureLogger, TEST_TOKEN } from '../../test/helpers.ts';

const PREVIEW = `query($id: ID!) {
  dealPreview(dealId: $id) { status liveFrom previewUrl deal { dealId title url products { productId price { amount } } } }
  deal(dealId: $id) { dealId }
}`;
const UPCOMING = `query($b: ID!) { viewer { merchant { business(id: $b) { upcomingDeals { status previewUrl deal { dealId } } } } } }`;
const BUSINESSES = `{ viewer { merchant { businesses { id } } } }`;
const ADD = `mutation($i: AddToBasketInput!) { addToBasket(input: $i) { __typename ... on UserError { code message field } } }`;
const WELCOME = `query($c: String) { welcomeCampaign(campaign: $c) { slug headline matched deals(first: 12) { totalCount canonicalUrl edges { node { dealId url } } pageInfo { hasNextPage } } } }`;

const robotsOf = (html: string) => /<meta[^>]*name="robots"[^>]*content="([^"]*)"/.exec(html)?.[1];
const titleOf = (html: string) => /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link[^>]*rel="canonical"[^>]*href="([^"]*)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');

describe.each(testDatabases())('deal previews and /welcome through the shop on %s', (_name, open) => {
  let services: BuyingServices;
  let made: ReturnType<typeof shopOver>;
  let merchant: Browser;
  let otherMerchant: Browser;
  let shopper: Browser;
  let guest: Browser;
  let staff: Browser;
  /** The merchant's upcoming deals (a scheduled one, a draft) and a live deal of theirs. */
  let scheduled: { id: number; productId: number };
  let draft: number;
  let liveOfTheirs: { id: number };
  let businessGid: string;

  beforeAll(async () => {
    services = await openBuyingServices(open);
    await migrateMerchants(services.db);
    await seedMerchants(services.db, { demoMerchants: false });
    await ensureUpcomingDeals(services.db as never, new Date());
    await ensureCampaigns(services.db as never, new Date());
    const merchantsApp = createMerchantsApp({ db: services.db, serviceToken: TEST_TOKEN, mailer: createMailer({ db: services.db }), publicBaseUrl: 'http://shop.test', log: () => {} });
    made = shopOver(services, captureLogger(), { merchantsApp });
    const upcoming = (await sql<{ id: number; merchant_id: number; status: string }>`select id, merchant_id, status from deals.upcoming_deal order by id`.execute(services.db)).rows;
    const mine = upcoming[0]!.merchant_id;
    scheduled = { id: Number(upcoming.find((u) => u.merchant_id === mine && u.status === 'scheduled')!.id), productId: 0 };
    scheduled.productId = Number((await sql<{ id: number }>`select id from deals.upcoming_product where deal_id = ${scheduled.id} order by position limit 1`.execute(services.db)).rows[0]!.id);
    draft = Number(upcoming.find((u) => u.merchant_id === mine && u.status === 'draft')!.id);
    const business = (await sql<{ id: number }>`select id from merchants.business where catalogue_merchant_id = ${mine}`.execute(services.db)).rows[0]!;
    const other = (await sql<{ id: number }>`select id from merchants.business where catalogue_merchant_id <> ${mine} order by id limit 1`.execute(services.db)).rows[0]!;
    liveOfTheirs = { id: Number((await sql<{ id: number }>`select id from deals.deal where merchant_id = ${mine} and (closing_date is null or closing_date > now()) order by id limit 1`.execute(services.db)).rows[0]!.id) };

    merchant = await signUpOn(services, made.browser(), { firstName: 'Morag', lastName: 'Preview' });
    otherMerchant = await signUpOn(services, made.browser(), { firstName: 'Other', lastName: 'Merchant' });
    shopper = await signUpOn(services, made.browser(), { firstName: 'Shona', lastName: 'Shopper' });
    guest = made.browser();
    await addMember(services.db as never, Number(business.id), await services.customerTokenOf(merchant), 'owner', new Date());
    await addMember(services.db as never, Number(other.id), await services.customerTokenOf(otherMerchant), 'owner', new Date());
    const businesses = (await merchant.gql(BUSINESSES)).body.data.viewer.merchant.businesses;
    businessGid = businesses[0].id;

    const email = `preview.${process.pid}.${Date.now().toString(36)}@thistle.example`;
    await addStaffPerson(services.db as unknown as UsersDb, { email, name: 'Ailsa Staff', passwordHash: await createPasswordHasher().hash('staff preview password 7') }, new Date());
    staff = made.browser();
    const signedIn = await staff.fetch('/staff/sign-in', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email, password: 'staff preview password 7' }).toString() });
    expect(signedIn.status).toBe(303);
  }, 180_000);

  afterAll(async () => {
    made?.close();
    await services?.close();
  });

  const preview = async (b: Browser, id: number) => {
    const res = await b.gql(PREVIEW, { id: String(id) });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data;
  };

  it("dealPreview: the deal's merchant sees a scheduled deal and a draft with their status; deal() stays null (not live)", async () => {
    const s = await preview(merchant, scheduled.id);
    expect(s.deal).toBeNull();
    expect(s.dealPreview).toMatchObject({ status: 'SCHEDULED', liveFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), deal: { dealId: scheduled.id } });
    expect(s.dealPreview.previewUrl).toBe(s.dealPreview.deal.url.replace(/^\/deals\//, '/deal-preview/'));
    expect(s.dealPreview.deal.products.map((p: any) => p.price.amount)).toEqual([2500, 4500]);
    expect((await preview(merchant, draft)).dealPreview).toMatchObject({ status: 'DRAFT', liveFrom: null });
    // Their live deal previews too, as LIVE.
    expect((await preview(merchant, liveOfTheirs.id)).dealPreview).toMatchObject({ status: 'LIVE', deal: { dealId: liveOfTheirs.id } });
  });

  it('staff preview any deal; a merchant of another business, a shopper and a guest get null, as for no such deal', async () => {
    expect((await preview(staff, scheduled.id)).dealPreview).toMatchObject({ status: 'SCHEDULED' });
    expect((await preview(staff, draft)).dealPreview).toMatchObject({ status: 'DRAFT' });
    for (const b of [otherMerchant, shopper, guest]) {
      for (const id of [scheduled.id, draft, liveOfTheirs.id]) expect((await preview(b, id)).dealPreview, `deal ${id}`).toBeNull();
    }
    expect(await preview(merchant, 989_999_999)).toEqual({ dealPreview: null, deal: null });
    expect((await merchant.gql(PREVIEW, { id: 'not-a-number' })).body.data.dealPreview).toBeNull();
  });

  it('MerchantBusiness.upcomingDeals: the business’s scheduled deal, then its draft, each with its preview url', async () => {
    const res = await merchant.gql(UPCOMING, { b: businessGid });
    expect(res.body.errors).toBeUndefined();
    const list = res.body.data.viewer.merchant.business.upcomingDeals;
    expect(list.map((u: any) => [u.status, u.deal.dealId])).toEqual([['SCHEDULED', scheduled.id], ['DRAFT', draft]]);
    expect(list[0].previewUrl).toMatch(new RegExp(`^/deal-preview/.+/${scheduled.id}/[a-z0-9-]+\\.html$`));
    // Another business's member cannot name this business at all.
    expect((await otherMerchant.gql(UPCOMING, { b: businessGid })).body.data.viewer.merchant.business).toBeNull();
  });

  it('the preview page: 200, noindex and never cached for the merchant (both url forms); the normal 404 for anyone else', async () => {
    const { previewUrl, deal } = (await preview(merchant, scheduled.id)).dealPreview;
    for (const path of [previewUrl, `${deal.url}?dealPreview`, `${deal.url}?dealPreview=true`]) {
      const res = await merchant.fetch(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const html = await res.text();
      expect(robotsOf(html)).toBe('NOINDEX, NOFOLLOW');
      expect(titleOf(html)).toMatch(/^Preview: /);
    }
    const notFound = await (await guest.fetch('/deals/glasgow/no-such-category/no-such/989999999/x.html')).text();
    for (const b of [otherMerchant, shopper, guest]) {
      for (const path of [previewUrl, `${deal.url}?dealPreview`, deal.url]) {
        const res = await b.fetch(path);
        expect(res.status, path).toBe(404);
        expect(res.headers.get('x-robots-tag')).toBeNull();
        expect(titleOf(await res.text())).toBe(titleOf(notFound));
      }
    }
  });

  it("a live deal's preview link: the member's preview; anyone else is sent to the deal's own page", async () => {
    const { deal } = (await preview(merchant, liveOfTheirs.id)).dealPreview;
    const previewPath = deal.url.replace(/^\/deals\//, '/deal-preview/');
    expect((await merchant.fetch(previewPath)).status).toBe(200);
    const res = await guest.fetch(previewPath, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(deal.url);
  });

  it('a deal that is not live cannot be bought, even by its merchant', async () => {
    const added = await merchant.gql(ADD, { i: { dealId: scheduled.id, productId: scheduled.productId, quantity: 1 } });
    expect(added.body.data?.addToBasket.__typename, JSON.stringify(added.body)).not.toBe('BasketUpdated');
  });

  it('welcomeCampaign: the named campaign with its deals; the default for none, an unknown or a malformed name', async () => {
    const spa = (await guest.gql(WELCOME, { c: 'glasgow-spa-days' })).body.data.welcomeCampaign;
    expect(spa).toMatchObject({ slug: 'glasgow-spa-days', matched: true, deals: { canonicalUrl: '/welcome?campaign=glasgow-spa-days' } });
    expect(spa.deals.edges.length).toBeGreaterThan(0);
    expect(spa.deals.edges.every((e: any) => e.node.url.startsWith('/deals/glasgow/spa/'))).toBe(true);
    for (const c of [null, 'no-such-campaign', '<script>']) {
      const fallback = (await guest.gql(WELCOME, { c })).body.data.welcomeCampaign;
      expect(fallback, String(c)).toMatchObject({ slug: 'welcome', matched: false, headline: 'Welcome to Thistle Deals', deals: { canonicalUrl: '/welcome?campaign=welcome' } });
      expect(fallback.deals.totalCount).toBeGreaterThan(0);
      expect(fallback.deals.edges).toHaveLength(Math.min(12, fallback.deals.totalCount));
      expect(fallback.deals.pageInfo.hasNextPage).toBe(fallback.deals.totalCount > 12);
    }
  });

  it('/welcome: 200 with the campaign’s headline, noindex (robots meta and X-Robots-Tag), whatever the link names', async () => {
    // The canonical is the campaign shown, as its deals connection says (one canonical per page).
    for (const [path, title, canonical] of [
      ['/welcome?campaign=glasgow-spa-days', 'Spa days and treatments in Glasgow | Thistle Deals', '/welcome?campaign=glasgow-spa-days'],
      ['/welcome?utm_campaign=glasgow-spa-days&utm_source=google&utm_medium=cpc', 'Spa days and treatments in Glasgow | Thistle Deals', '/welcome?campaign=glasgow-spa-days'],
      ['/welcome', 'Welcome to Thistle Deals | Thistle Deals', '/welcome?campaign=welcome'],
      ['/welcome?campaign=gone', 'Welcome to Thistle Deals | Thistle Deals', '/welcome?campaign=welcome'],
      ['/welcome?utm_campaign=glasgow-spa-days&page=2', 'Spa days and treatments in Glasgow | Thistle Deals', '/welcome?campaign=glasgow-spa-days&page=2'],
    ] as const) {
      const res = await guest.fetch(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      const html = await res.text();
      expect(robotsOf(html)).toBe('NOINDEX, FOLLOW');
      expect(titleOf(html)).toBe(title);
      expect(new URL(canonicalOf(html)!, 'http://x').pathname + new URL(canonicalOf(html)!, 'http://x').search, path).toBe(canonical);
    }
  });
});

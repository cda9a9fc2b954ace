/**
 * The staff sign-in (issue 17 point 7) on the real users and merchants services (PGlite, and
 * PostgreSQL with TEST_DATABASE_URL): a staff person signs in at /staff/sign-in and their browser
 * is staff to /graphql by the `__Host-staff` cookie alone (the staff-only fields: applications,
 * any business's dashboard); a wrong password is told plainly; a form from another origin is
 * refused; signing out ends it. Z: a shopper's or a merchant's session is never staff, and a
 * forged staff cookie is nothing.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { STAFF_SESSION_COOKIE } from '@shop/domain/accounts';
import { testDatabases } from '@shop/platform/test-databases';
import type { UsersDb } from '@shop/users/db/database';
import { createPasswordHasher } from '@shop/users/lib/passwords';
import { addStaffPerson } from '@shop/users/store/staff-people';
import { businessGlobalId } from '../schema/merchants/till.ts';
import { Browser } from '../test/accounts-services.ts';
import { captureLogger } from '../test/helpers.ts';
import type { BuyingServices } from '../../test/buying-services.ts';
import { openMerchantsShop } from '../../test/merchant-shop.ts';
import { signUpOn, type ShopApp } from '../../test/vouchers-shop.ts';

const PASSWORD = 'staff sign-in password 7';
const LIST = `query List { merchantApplications(status: PENDING) { id } }`;
const APPLY = `mutation Apply($input: MerchantApplicationInput!) { applyAsMerchant(input: $input) { __typename } }`;
const BUSINESS = `query Business($id: ID!) { merchantBusiness(id: $id) { id name role } }`;
const DASHBOARD = `query Dashboard($id: ID!) { merchantBusiness(id: $id) {
  sales { __typename ... on MerchantSales { totals { sold redeemed } } }
  payoutStatements(first: 2) { startDate }
  bookings { edges { node { id } } }
  bookableDeals { deal { id } }
  ordersToPost { edges { node { voucherId } } } } }`;

describe.each(testDatabases())('staff sign-in on %s', (_name, open) => {
  let services: BuyingServices;
  let shop: ShopApp;
  let ip = 0;
  let n = 0;
  let businessId: number;
  const logger = captureLogger();
  const browser = () => new Browser(shop, 'http://shop.test', `203.0.113.${(ip += 1) % 250}`);
  const staffEmail = () => `ops.${process.pid}.${(n += 1)}@thistle.example`;
  const addPerson = async (email: string, name = 'Morag Reid') =>
    addStaffPerson(services.db as unknown as UsersDb, { email, name, passwordHash: await createPasswordHasher().hash(PASSWORD) }, new Date());
  const signIn = (b: Browser, email: string, password = PASSWORD, origin = 'http://shop.test') =>
    b.fetch('/staff/sign-in', { method: 'POST', headers: { origin, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email, password }).toString() });

  openMerchantsShop(open, logger, { publicBaseUrl: 'http://shop.test' }, async (opened, app) => {
    services = opened;
    shop = app;
    const made = await sql<{ id: string }>`
      insert into merchants.business (name, type, category, city, contact_name, email, phone, address, postcode, commission_bp, status, created_at)
      values ('The Staff Test Tearoom', 'local', 'food-drink', 'Glasgow', 'Isla Reid', 'tearoom@example.com', '+441414960123', '12 Byres Road', 'G12 8TD', 2500, 'active', now())
      returning id`.execute(services.db);
    businessId = Number(made.rows[0]!.id);
  });

  it('a staff person signs in and the browser is staff to /graphql by the cookie alone, until they sign out', async () => {
    const email = staffEmail();
    await addPerson(email);
    const b = browser();
    const form = await b.fetch('/staff/sign-in');
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('<h1>Staff sign-in</h1>');
    const res = await signIn(b, email.toUpperCase());
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/staff');
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${STAFF_SESSION_COOKIE}=`))!;
    expect(setCookie).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Strict; Max-Age=(2879\d|28800)$/);
    const home = await b.fetch('/staff');
    expect(await home.text()).toContain('Signed in as Morag Reid');

    expect((await b.gql(LIST)).body.errors).toBeUndefined();
    const business = await b.gql(BUSINESS, { id: businessGlobalId(businessId) });
    expect(business.body).toEqual({ data: { merchantBusiness: { id: businessGlobalId(businessId), name: 'The Staff Test Tearoom', role: 'STAFF' } } });
    expect((await b.gql(BUSINESS, { id: businessGlobalId(99_999_999) })).body).toEqual({ data: { merchantBusiness: null } });
    // Any business's dashboard: every section of it answers for staff (this business has no deals yet: all empty).
    const dashboard = await b.gql(DASHBOARD, { id: businessGlobalId(businessId) });
    expect(dashboard.body.errors).toBeUndefined();
    expect(dashboard.body.data.merchantBusiness).toMatchObject({
      sales: { __typename: 'MerchantSales', totals: { sold: 0, redeemed: 0 } },
      payoutStatements: expect.any(Array),
      bookings: { edges: [] },
      bookableDeals: [],
      ordersToPost: { edges: [] },
    });

    // The page lists the applications waiting; one is approved from it, named by the person.
    const applied = await browser().gql(APPLY, { input: { businessName: 'The Byres Tearoom', contactName: 'Isla Reid', email: `tearoom.${process.pid}.${(n += 1)}@example.com`, phone: '0141 496 0123', addressLine: '12 Byres Road', postcode: 'G12 8TD', category: 'restaurants-food', city: 'GLASGOW', type: 'LOCAL' } });
    expect(applied.body.data.applyAsMerchant.__typename).toBe('MerchantApplicationReceived');
    const waiting = await (await b.fetch('/staff')).text();
    expect(waiting).toContain('The Byres Tearoom');
    const id = /action="\/staff\/applications\/(\d+)\/approve"/.exec(waiting)![1]!;
    expect((await b.fetch(`/staff/applications/${id}/approve`, { method: 'POST', headers: { origin: 'https://evil.example' } })).status).toBe(403);
    const approved = await b.fetch(`/staff/applications/${id}/approve`, { method: 'POST', headers: { origin: 'http://shop.test' } });
    expect(approved.status).toBe(303);
    expect(decodeURIComponent(approved.headers.get('location')!.replaceAll('+', ' '))).toBe('/staff?done=Approved The Byres Tearoom: its owner is asked to register with that email.');
    const decided = await sql<{ status: string; decided_by: string }>`select status, decided_by from merchants.application where id = ${id}`.execute(services.db);
    expect(decided.rows).toEqual([{ status: 'approved', decided_by: 'Morag Reid' }]);

    const out = await b.fetch('/staff/sign-out', { method: 'POST', headers: { origin: 'http://shop.test' } });
    expect(out.status).toBe(303);
    expect(b.cookie(STAFF_SESSION_COOKIE)).toBeUndefined();
    expect((await b.gql(LIST)).body.errors?.[0]?.message).toBe('Cannot query field "merchantApplications" on type "Query".');
    expect((await b.fetch('/staff')).headers.get('location')).toBe('/staff/sign-in');
  });

  it('a wrong password or an unknown email is told plainly, with no cookie; a form from another site is refused', async () => {
    const email = staffEmail();
    await addPerson(email);
    for (const [who, password] of [[email, 'not the password'], [staffEmail(), PASSWORD]] as const) {
      const b = browser();
      const res = await signIn(b, who, password);
      expect(res.status).toBe(401);
      expect(await res.text()).toContain('The email address or password is not right.');
      expect(b.cookie(STAFF_SESSION_COOKIE)).toBeUndefined();
    }
    const b = browser();
    const foreign = await signIn(b, email, PASSWORD, 'https://evil.example');
    expect(foreign.status).toBe(403);
    expect(b.cookie(STAFF_SESSION_COOKIE)).toBeUndefined();
    const empty = await b.fetch('/staff/sign-in', { method: 'POST', headers: { origin: 'http://shop.test', 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Enter your email address.');
  });

  it("Z: a shopper's session is never staff, nor a forged or a shopper's token in the staff cookie", async () => {
    const shopper = await signUpOn(services, browser(), { firstName: 'Isla' });
    const sid = [...shopper.jar.entries()].find(([k]) => k.startsWith('__Host-sid'))?.[1] ?? '';
    const callers: Array<[string, Browser]> = [
      ['shopper', shopper],
      ['forged staff cookie', browser().setCookie(STAFF_SESSION_COOKIE, 'A'.repeat(43))],
      ["a shopper's session token as the staff cookie", browser().setCookie(STAFF_SESSION_COOKIE, sid)],
    ];
    for (const [who, b] of callers) {
      for (const [document, field] of [[LIST, 'merchantApplications'], [BUSINESS, 'merchantBusiness']] as const) {
        const res = await b.gql(document, { id: businessGlobalId(businessId) });
        expect(res.body.errors?.map((e) => e.message), `${who} ${field}`).toEqual([`Cannot query field "${field}" on type "Query".`]);
      }
    }
  });
});

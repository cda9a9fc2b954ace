/**
 * "Become a merchant" through GraphQL (issue 17 points 1 and 7), on the real users and merchants
 * services (PGlite, and PostgreSQL with TEST_DATABASE_URL): the application signed out or in, the
 * same answer for an email that already applied, field errors in the form's names; the staff
 * operations with a staff API key (named as who decided); and Z: anonymous callers, a shopper and
 * a merchant get the unknown-field answer for every staff operation, and nothing is decided.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { businessesOf } from '@shop/merchants';
import { listOutbox } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { Browser } from '../../test/accounts-services.ts';
import { captureLogger, TEST_TOKEN } from '../../test/helpers.ts';
import type { BuyingServices } from '../../../test/buying-services.ts';
import { openMerchantsShop } from '../../../test/merchant-shop.ts';
import { signUpOn, type ShopApp } from '../../../test/vouchers-shop.ts';
import { APPLICATION_RECEIVED } from './merchant-applications.ts';

const APPLY = `mutation Apply($input: MerchantApplicationInput!) {
  applyAsMerchant(input: $input) {
    __typename
    ... on MerchantApplicationReceived { message }
    ... on FormErrors { code errors { field message } }
  }
}`;
const LIST = `query List { merchantApplications(status: PENDING) { id status businessName email phone postcode city type decidedBy } }`;
const APPROVE = `mutation Approve($id: ID!) { approveMerchantApplication(id: $id) { __typename ... on MerchantApplicationDecision { changed application { id status decidedBy businessId } } ... on UserError { code field message } } }`;
const REJECT = `mutation Reject($id: ID!, $reason: String!) { rejectMerchantApplication(id: $id, reason: $reason) { __typename ... on MerchantApplicationDecision { changed application { id status decidedBy rejectReason } } ... on UserError { code field message } } }`;

describe.each(testDatabases())('merchant applications through GraphQL on %s', (_name, open) => {
  let services: BuyingServices;
  let shop: ShopApp;
  let staffKey: string;
  let ip = 0;
  let n = 0;
  const logger = captureLogger();
  const browser = () => new Browser(shop, 'http://shop.test', `203.0.113.${(ip += 1) % 250}`);
  const email = (label: string) => `${label}.${process.pid}.${(n += 1)}@example.com`;
  const form = (over: Record<string, unknown> = {}) => ({
    businessName: 'The Byres Tearoom',
    contactName: 'Morag Reid',
    email: email('tearoom'),
    phone: '0141 496 0123',
    addressLine: '12 Byres Road',
    postcode: 'g12 8td',
    category: 'afternoon-tea',
    city: 'GLASGOW',
    type: 'LOCAL',
    ...over,
  });
  const staff = () => ({ authorization: `Bearer ${staffKey}` });
  const applications = async (address: string) =>
    (await sql<{ id: string; status: string; decided_by: string | null }>`select id, status, decided_by from merchants.application where email = ${address} order by id`.execute(services.db)).rows;
  const mail = async (to: string) => (await listOutbox(services.db, { to, limit: 50 })).map((m) => m.kind);

  openMerchantsShop(open, logger, {}, async (opened, app) => {
    services = opened;
    shop = app;
    const made = await services.usersApp.request('/staff-keys', { method: 'POST', headers: { 'x-service-token': TEST_TOKEN, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'ops-anna' }) });
    expect(made.status).toBe(201);
    staffKey = ((await made.json()) as { data: { key: string } }).data.key;
  });

  it('signed out: the application is in, pending, with its confirmation email; the answer carries nothing of it', async () => {
    const input = form();
    const res = await browser().gql(APPLY, { input });
    expect(res.body).toEqual({ data: { applyAsMerchant: { __typename: 'MerchantApplicationReceived', message: APPLICATION_RECEIVED } } });
    expect(await applications(input.email as string)).toMatchObject([{ status: 'pending', decided_by: null }]);
    expect(await mail(input.email as string)).toEqual(['merchant_application']);
  });

  it('an email that already applied gets the very same answer, and no second application or email', async () => {
    const address = email('twice');
    const first = await browser().gql(APPLY, { input: form({ email: address }) });
    const again = await browser().gql(APPLY, { input: form({ email: address.toUpperCase(), businessName: 'Another Name' }) });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(await applications(address)).toHaveLength(1);
    expect(await mail(address)).toEqual(['merchant_application']);
  });

  it('signed in works the same', async () => {
    const b = await signUpOn(services, browser(), { firstName: 'Isla' });
    const input = form();
    expect((await b.gql(APPLY, { input })).body.data.applyAsMerchant.__typename).toBe('MerchantApplicationReceived');
    expect(await applications(input.email as string)).toHaveLength(1);
  });

  it("names each wrong field with the form's field names, in plain words, and makes nothing", async () => {
    const input = form({ businessName: '  ', email: 'not-an-email', phone: '12345', postcode: 'XX1', category: 'no-such-category' });
    const res = await browser().gql(APPLY, { input });
    const answer = res.body.data.applyAsMerchant;
    expect(answer.__typename).toBe('FormErrors');
    expect(answer.code).toBe('VALIDATION_FAILED');
    expect(answer.errors).toEqual(
      expect.arrayContaining([
        { field: 'businessName', message: 'Required field' },
        { field: 'email', message: 'Enter a valid email' },
        { field: 'phone', message: 'Enter a valid UK phone number' },
        { field: 'postcode', message: 'Enter a valid postcode' },
      ]),
    );
    expect(answer.errors.map((e: { field: string }) => e.field).sort()).toEqual(['businessName', 'email', 'phone', 'postcode']);
    expect(await applications('not-an-email')).toEqual([]);
    // The category is checked against the catalogue once the rest is right.
    const category = (await browser().gql(APPLY, { input: form({ category: 'no-such-category' }) })).body.data.applyAsMerchant;
    expect(category.errors).toEqual([{ field: 'category', message: 'Choose a category from the list' }]);
  });

  it('staff list the pending applications, approve one (named by their key) and reject another; the applicants are emailed', async () => {
    const approvedEmail = email('approved');
    const rejectedEmail = email('rejected');
    await browser().gql(APPLY, { input: form({ email: approvedEmail, city: 'NATIONAL', type: 'SHOP' }) });
    await browser().gql(APPLY, { input: form({ email: rejectedEmail }) });
    const b = browser();
    const list = (await b.gql(LIST, {}, staff())).body;
    expect(list.errors).toBeUndefined();
    const pending = list.data.merchantApplications as Array<{ id: string; email: string; city: string; type: string; phone: string; postcode: string; status: string }>;
    const mine = pending.find((a) => a.email === approvedEmail)!;
    expect(mine).toMatchObject({ status: 'PENDING', city: 'NATIONAL', type: 'SHOP', phone: '+441414960123', postcode: 'G12 8TD', decidedBy: null });
    const other = pending.find((a) => a.email === rejectedEmail)!;

    const approved = (await b.gql(APPROVE, { id: mine.id }, staff())).body.data.approveMerchantApplication;
    expect(approved).toMatchObject({ __typename: 'MerchantApplicationDecision', changed: true, application: { id: mine.id, status: 'APPROVED', decidedBy: 'ops-anna' } });
    expect(approved.application.businessId).toMatch(/^\d+$/);
    expect(await mail(approvedEmail)).toEqual(expect.arrayContaining(['merchant_application', 'merchant_approved']));
    // Again: answered as it is, nothing changed.
    expect((await b.gql(APPROVE, { id: mine.id }, staff())).body.data.approveMerchantApplication).toMatchObject({ changed: false, application: { status: 'APPROVED' } });
    // The other way after approval: refused.
    expect((await b.gql(REJECT, { id: mine.id, reason: 'No.' }, staff())).body.data.rejectMerchantApplication).toEqual({
      __typename: 'ValidationError',
      code: 'APPLICATION_DECIDED',
      field: 'id',
      message: 'This application has already been decided the other way.',
    });

    expect((await b.gql(REJECT, { id: other.id, reason: '  ' }, staff())).body.data.rejectMerchantApplication).toMatchObject({ __typename: 'ValidationError', field: 'reason', message: 'Required field' });
    const rejected = (await b.gql(REJECT, { id: other.id, reason: 'We have enough tearooms in the West End.' }, staff())).body.data.rejectMerchantApplication;
    expect(rejected).toMatchObject({ changed: true, application: { status: 'REJECTED', decidedBy: 'ops-anna', rejectReason: 'We have enough tearooms in the West End.' } });
    expect(await mail(rejectedEmail)).toEqual(expect.arrayContaining(['merchant_rejected']));

    const gone = ((await b.gql(LIST, {}, staff())).body.data.merchantApplications as Array<{ id: string }>).map((a) => a.id);
    expect(gone).not.toContain(mine.id);
    expect(gone).not.toContain(other.id);
    for (const id of ['999999999', 'abc', '-1']) {
      expect((await b.gql(APPROVE, { id }, staff())).body.data.approveMerchantApplication, id).toMatchObject({ __typename: 'NotFoundError', code: 'NOT_FOUND' });
    }
  });

  it('Z: anonymous, a shopper, a merchant and a wrong key get the unknown-field answer for every staff operation, and nothing is decided', async () => {
    const address = email('z');
    await browser().gql(APPLY, { input: form({ email: address }) });
    const [row] = await applications(address);
    const id = row!.id;
    // Staff run the very documents first: Yoga's validation cache must not let them through for others.
    expect((await browser().gql(LIST, {}, staff())).body.errors).toBeUndefined();

    const shopper = await signUpOn(services, browser(), { firstName: 'Shona' });
    // A merchant: a confirmed account whose own application staff approved (its owner).
    const merchantEmail = email('merchant');
    const merchant = await signUpOn(services, browser(), { firstName: 'Mhairi', email: merchantEmail });
    await merchant.gql(APPLY, { input: form({ email: merchantEmail }) });
    const [merchantApplication] = await applications(merchantEmail);
    expect((await browser().gql(APPROVE, { id: merchantApplication!.id }, staff())).body.data.approveMerchantApplication.changed).toBe(true);
    expect(await businessesOf(services.db, await services.customerTokenOf(merchant))).toHaveLength(1);

    const callers: Array<[string, Browser, Record<string, string>]> = [
      ['anonymous', browser(), {}],
      ['shopper', shopper, {}],
      ['merchant', merchant, {}],
      ['a wrong key', browser(), { authorization: 'Bearer not-a-staff-key-at-all' }],
      ['a shopper with a wrong key', shopper, { authorization: `Bearer ${staffKey}x` }],
    ];
    const documents: Array<[string, string, string, Record<string, unknown>]> = [
      [LIST, 'merchantApplications', 'Query', {}],
      [APPROVE, 'approveMerchantApplication', 'Mutation', { id }],
      [REJECT, 'rejectMerchantApplication', 'Mutation', { id, reason: 'No.' }],
    ];
    for (const [who, b, headers] of callers) {
      for (const [document, field, type, variables] of documents) {
        const res = await b.gql(document, variables, headers);
        // A field no schema has, nothing like any real one (no suggestion either way).
        const unknown = await b.gql(document.replace(field, 'qqzxNoSuchField'), variables, headers);
        expect(res.status, `${who} ${field}`).toBe(unknown.status);
        // The same answer but for the field's name.
        expect(JSON.stringify(res.body).replaceAll(field, 'F'), `${who} ${field}`).toBe(JSON.stringify(unknown.body).replaceAll('qqzxNoSuchField', 'F'));
        expect(res.body.data, `${who} ${field}`).toBeUndefined();
        expect(res.body.errors?.map((e: { message: string }) => e.message), `${who} ${field}`).toEqual([`Cannot query field "${field}" on type "${type}".`]);
        expect(unknown.body.errors?.map((e: { message: string }) => e.message)).toEqual([`Cannot query field "qqzxNoSuchField" on type "${type}".`]);
      }
    }
    expect(await applications(address)).toMatchObject([{ status: 'pending', decided_by: null }]);
  });
});

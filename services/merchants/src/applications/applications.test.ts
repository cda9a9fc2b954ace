import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createMailer } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { createMerchantsApp } from '../app.ts';
import type { ApplicationResponse, BusinessResponse } from '../contract.ts';
import { businessesOf, isMember, memberBusiness } from '../businesses/businesses.store.ts';
import { deliverMerchantMail, MAIL_GIVE_UP_AFTER_MS, MAIL_RETRY_AFTER_MS } from '../mail/mail.ts';
import { LOOSE_LIMITS, merchantsFixture, TEST_TOKEN, type MerchantsFixture, type Problem } from '../test/merchants-fixture.ts';

type Submitted = { created: boolean; application: ApplicationResponse };
type Approved = { created: boolean; application: ApplicationResponse; business: BusinessResponse; owner: 'member' | 'pending' };

describe.each(testDatabases())('merchant applications on %s', (_name, open) => {
  let f: MerchantsFixture;
  beforeAll(async () => {
    f = await merchantsFixture(open, 40);
  });
  afterAll(async () => {
    expect(f?.logged).toEqual([]);
    await f?.close();
  });

  const form = (over: Record<string, unknown> = {}) => ({
    businessName: 'The Byres Tearoom',
    contactName: 'Morag Reid',
    email: f.email('tearoom'),
    phone: '0141 496 0123',
    addressLine: '12 Byres Road',
    postcode: 'g12 8td',
    category: 'afternoon-tea',
    city: 'Glasgow',
    type: 'local',
    ...over,
  });
  const submit = (body: unknown) => f.call('POST', '/applications', body);
  const approve = (id: number | string, body: unknown = { actorRef: 'staff:anna' }) => f.call('POST', `/applications/${id}/approve`, body);
  const reject = (id: number | string, body: unknown = { actorRef: 'staff:anna', reason: 'Not a fit for us yet.' }) => f.call('POST', `/applications/${id}/reject`, body);
  const count = async (table: string, where = sql`true`) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(`merchants.${table}`)} where ${where}`.execute(f.db)).rows[0]!.n);

  it('POST /applications: a pending application, normalised, with its confirmation email in the outbox', async () => {
    const body = form({ email: `  ${f.email('Tearoom').toUpperCase()} ` });
    const res = await f.expect<Submitted>(submit(body), 201);
    const email = (body.email as string).trim().toLowerCase();
    expect(res.created).toBe(true);
    expect(res.application).toMatchObject({ status: 'pending', businessName: 'The Byres Tearoom', email, phone: '+441414960123', postcode: 'G12 8TD', city: 'Glasgow', type: 'local', decidedAt: null, businessId: null });
    const mail = await f.mail(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: 'merchant_application', subject: 'We have your application, The Byres Tearoom' });
    expect(mail[0]!.text).toContain(`reference M${res.application.id}`);
    expect(await f.expect(f.call('GET', `/applications/${res.application.id}`), 200)).toEqual(res.application);
  });

  it('the same email with a pending application answers that one: no second row, no second email', async () => {
    const email = f.email('twice');
    const first = await f.expect<Submitted>(submit(form({ email })), 201);
    const again = await f.expect<Submitted>(submit(form({ email: email.toUpperCase(), businessName: 'Another Name' })), 200);
    expect(again).toEqual({ created: false, application: first.application });
    // Two at once: still one.
    const email2 = f.email('race');
    const both = await Promise.all([submit(form({ email: email2 })), submit(form({ email: email2 }))]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(await count('application', sql`email = ${email2}`)).toBe(1);
    expect(await f.mail(email)).toHaveLength(1);
    expect(await f.mail(email2)).toHaveLength(1);
  });

  it('bad input is a 400 naming each field in plain words', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ businessName: '' }, 'businessName', 'Required field'],
      [{ businessName: '   ' }, 'businessName', 'Required field'],
      [{ businessName: 'x'.repeat(121) }, 'businessName', 'At most 120 characters.'],
      [{ businessName: 'Tea\u0000room' }, 'businessName', 'Remove the control characters.'],
      [{ contactName: undefined }, 'contactName', 'Required field'],
      [{ email: 'not-an-email' }, 'email', 'Enter a valid email'],
      [{ email: 'a@localhost' }, 'email', 'Enter a valid email'],
      [{ phone: '12345' }, 'phone', 'Enter a valid UK phone number'],
      [{ phone: '+1 212 555 0100' }, 'phone', 'Enter a valid UK phone number'],
      [{ phone: '00000 000000' }, 'phone', 'Enter a valid UK phone number'],
      [{ phone: '' }, 'phone', 'Required field'],
      [{ addressLine: '' }, 'addressLine', 'Required field'],
      [{ postcode: 'G1' }, 'postcode', 'Enter a valid postcode'],
      [{ postcode: 'NOT A POSTCODE' }, 'postcode', 'Enter a valid postcode'],
      [{ category: 'Afternoon Tea' }, 'category', 'Choose a category from the list'],
      [{ category: 'no-such-category' }, 'category', 'Choose a category from the list'],
      [{ city: 'Dundee' }, 'city', 'Choose Glasgow, Edinburgh, Aberdeen or national'],
      [{ type: 'vip' }, 'type', 'Choose local, shop or travel'],
      [{ extra: 1 }, 'extra', 'Unknown field.'],
    ];
    for (const [over, field, message] of cases) {
      const body = await f.expect<Problem>(submit(form(over)), 400);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors, JSON.stringify(over)).toEqual([{ field, message }]);
    }
    // Several at once: each named.
    const many = await f.expect<Problem>(submit({ businessName: '', email: 'x', phone: '1', postcode: 'x' }), 400);
    expect(many.errors!.map((e) => e.field).sort()).toEqual(['addressLine', 'businessName', 'category', 'city', 'contactName', 'email', 'phone', 'postcode', 'type']);
    expect((await f.expect<Problem>(submit('not json'), 400)).errors![0]!.field).toBe('body');
    // Accepted UK forms of a phone number.
    for (const phone of ['+44 131 496 0000', '0044 1224 496000', '(0131) 496-0000', '07700 900123']) {
      const res = await f.expect<Submitted>(submit(form({ phone })), 201);
      expect(res.application.phone, phone).toMatch(/^\+44[1-9]\d{8,9}$/);
    }
  });

  it('approval by staff: the business, the confirmed applicant as its owner, the history and an email', async () => {
    const email = f.email('owner');
    const token = await f.signUp(email);
    const { application } = await f.expect<Submitted>(submit(form({ email, type: 'travel', city: 'national', category: 'scotland-breaks', businessName: 'Highland Escapes' })), 201);
    const approved = await f.expect<Approved>(approve(application.id, { actorRef: 'staff:anna', commissionBp: 1800 }), 201);
    expect(approved.owner).toBe('member');
    expect(approved.application).toMatchObject({ status: 'approved', decidedBy: 'staff:anna', businessId: approved.business.id });
    expect(approved.business).toMatchObject({ name: 'Highland Escapes', type: 'travel', city: 'national', category: 'scotland-breaks', email, phone: '+441414960123', catalogueMerchantId: null, commissionBp: 1800, status: 'active' });
    const mine = await businessesOf(f.db, token);
    expect(mine.map((b) => [b.id, b.role])).toEqual([[approved.business.id, 'owner']]);
    expect(await isMember(f.db, approved.business.id, token)).toBe(true);
    const mail = (await f.mail(email)).filter((m) => m.kind === 'merchant_approved');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('Sign in with this email address');
    expect(await count('application_event', sql`application_id = ${application.id}`)).toBe(2);
    // Approving again: the same business, nothing new.
    const again = await f.expect<Approved>(approve(application.id, { actorRef: 'staff:bob' }), 200);
    expect(again).toMatchObject({ created: false, business: approved.business, owner: 'member' });
    expect(again.application.decidedBy).toBe('staff:anna');
    expect((await f.mail(email)).filter((m) => m.kind === 'merchant_approved')).toHaveLength(1);
    // A rejection now is refused.
    expect((await f.expect<Problem>(reject(application.id), 409)).code).toBe('APPLICATION_DECIDED');
  });

  it('the public form is rate limited: a 4th submission for one email, or an 11th from one client address, in an hour is a 429 with Retry-After', async () => {
    const app = createMerchantsApp({ db: f.db, serviceToken: TEST_TOKEN, mailer: createMailer({ db: f.db }), publicBaseUrl: 'https://thistle.example', log: () => undefined });
    const post = (body: unknown, address: string) =>
      app.request('/applications', { method: 'POST', headers: { 'x-service-token': TEST_TOKEN, 'content-type': 'application/json', 'x-client-ip': address }, body: JSON.stringify(body) });
    const email = f.email('limited');
    for (let i = 1; i <= 3; i++) expect((await post(form({ email }), `198.51.100.${i}`)).status).toBeLessThan(300);
    const fourth = await post(form({ email }), '198.51.100.4');
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await fourth.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const office = '203.0.113.9';
    for (let i = 1; i <= 10; i++) expect((await post(form({ email: f.email(`office-${i}`) }), office)).status).toBe(201);
    const eleventh = f.email('office-11');
    expect((await post(form({ email: eleventh }), office)).status).toBe(429);
    // Nothing was written or mailed for the refused one.
    expect(await f.mail(eleventh)).toEqual([]);
  });

  it('an applicant registered but not confirmed: a pending owner, and the approval mail says to confirm the address first (not "sign in")', async () => {
    const email = f.email('unconfirmed');
    await f.registerOnly(email);
    const { application } = await f.expect<Submitted>(submit(form({ email })), 201);
    const approved = await f.expect<Approved>(approve(application.id), 201);
    expect(approved.owner).toBe('pending');
    const text = (await f.mail(email)).find((m) => m.kind === 'merchant_approved')!.text;
    expect(text).toContain('First confirm this email address');
    expect(text).not.toContain('Sign in with this email address to open it');
  });

  it('an applicant with no account yet: a pending owner, made the owner once an account with that email is confirmed (never before)', async () => {
    const email = f.email('later');
    const { application } = await f.expect<Submitted>(submit(form({ email })), 201);
    const approved = await f.expect<Approved>(approve(application.id), 201);
    expect(approved.owner).toBe('pending');
    expect((await f.mail(email)).find((m) => m.kind === 'merchant_approved')!.text).toContain(`https://thistle.example/register`);
    // Registered but not confirmed: no business.
    await f.registerOnly(email);
    const unconfirmed = (await sql<{ customer_token: string }>`select customer_token from users.account where email = ${email}`.execute(f.db)).rows[0]!.customer_token;
    expect(await businessesOf(f.db, unconfirmed)).toEqual([]);
    expect(await count('pending_owner', sql`email = ${email}`)).toBe(1);
    // Someone else's confirmed account never claims it.
    const other = await f.signUp(f.email('other'));
    expect(await businessesOf(f.db, other)).toEqual([]);
    // Confirmed (the emailed link): the first lookup claims it, once.
    const confirmLink = (await f.mail(email)).find((m) => m.kind === 'confirm_email')!;
    const token = decodeURIComponent(confirmLink.text.match(/token=([^\s]+)/)![1]!);
    const verified = await f.expect<{ data: { user: { customerToken: string } } }>(f.call('POST', '/email/verify', { token }, f.users), 200);
    const customer = verified.data.user.customerToken;
    const [a, b] = await Promise.all([businessesOf(f.db, customer), businessesOf(f.db, customer)]);
    expect(a.map((x) => [x.id, x.role])).toEqual([[approved.business.id, 'owner']]);
    expect(b).toEqual(a);
    expect(await count('pending_owner', sql`email = ${email}`)).toBe(0);
    expect(await count('membership', sql`business_id = ${approved.business.id}`)).toBe(1);
    expect((await f.expect<Approved>(approve(application.id), 200)).owner).toBe('member');
  });

  it('two approvals at once make one business', async () => {
    for (let round = 0; round < 3; round++) {
      const email = f.email('double');
      await f.signUp(email);
      const { application } = await f.expect<Submitted>(submit(form({ email })), 201);
      const answers = await Promise.all([approve(application.id, { actorRef: 'staff:anna' }), approve(application.id, { actorRef: 'staff:bob' }), approve(application.id, { actorRef: 'staff:cat' })]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
      const bodies = (await Promise.all(answers.map((r) => r.json()))) as Approved[];
      expect(new Set(bodies.map((b) => b.business.id)).size).toBe(1);
      expect(await count('business', sql`application_id = ${application.id}`)).toBe(1);
      expect(await count('membership', sql`business_id = ${bodies[0]!.business.id}`)).toBe(1);
      expect(await count('application_event', sql`application_id = ${application.id} and event = 'approved'`)).toBe(1);
      expect((await f.mail(email)).filter((m) => m.kind === 'merchant_approved')).toHaveLength(1);
    }
  });

  it('rejection by staff: the reason kept and emailed; approving it afterwards is refused; a new application is then possible', async () => {
    const email = f.email('rejected');
    const { application } = await f.expect<Submitted>(submit(form({ email })), 201);
    const rejected = await f.expect<{ created: boolean; application: ApplicationResponse }>(reject(application.id, { actorRef: 'staff:anna', reason: 'We have enough tearooms in the West End.' }), 200);
    expect(rejected).toMatchObject({ created: true, application: { status: 'rejected', rejectReason: 'We have enough tearooms in the West End.', decidedBy: 'staff:anna', businessId: null } });
    expect((await f.mail(email)).find((m) => m.kind === 'merchant_rejected')!.text).toContain('Our reason: We have enough tearooms in the West End.');
    expect((await f.expect<{ created: boolean }>(reject(application.id), 200)).created).toBe(false);
    expect((await f.expect<Problem>(approve(application.id), 409)).code).toBe('APPLICATION_DECIDED');
    expect(await count('business', sql`application_id = ${application.id}`)).toBe(0);
    expect((await f.expect<Submitted>(submit(form({ email })), 201)).application.id).not.toBe(application.id);
  });

  it('unknown or malformed ids are 404; a decision without actorRef or reason is a 400 naming it', async () => {
    for (const id of ['999999999', '0', '-1', 'abc', '1.5', '1e3', "1'--", '9'.repeat(30)]) {
      expect((await f.expect<Problem>(f.call('GET', `/applications/${encodeURIComponent(id)}`), 404)).code, id).toBe('NOT_FOUND');
      expect((await f.expect<Problem>(approve(encodeURIComponent(id)), 404)).code, id).toBe('NOT_FOUND');
      expect((await f.expect<Problem>(reject(encodeURIComponent(id)), 404)).code, id).toBe('NOT_FOUND');
    }
    const { application } = await f.expect<Submitted>(submit(form()), 201);
    const cases: Array<[string, unknown, string]> = [
      ['approve', {}, 'actorRef'],
      ['approve', { actorRef: '  ' }, 'actorRef'],
      ['approve', { actorRef: 'staff\u0000anna' }, 'actorRef'],
      ['reject', { actorRef: 'staff:anna', reason: 'No\u0000.' }, 'reason'],
      ['approve', { actorRef: 'staff:anna', commissionBp: 10001 }, 'commissionBp'],
      ['approve', { actorRef: 'staff:anna', commissionBp: 12.5 }, 'commissionBp'],
      ['approve', { actorRef: 'staff:anna', role: 'admin' }, 'role'],
      ['reject', { actorRef: 'staff:anna' }, 'reason'],
      ['reject', { reason: 'No.' }, 'actorRef'],
      ['reject', { actorRef: 'staff:anna', reason: 'x'.repeat(501) }, 'reason'],
    ];
    for (const [action, body, field] of cases) {
      const problem = await f.expect<Problem>(f.call('POST', `/applications/${application.id}/${action}`, body), 400);
      expect(problem.errors!.map((e) => e.field), JSON.stringify(body)).toEqual([field]);
    }
    expect((await f.expect<ApplicationResponse>(f.call('GET', `/applications/${application.id}`), 200)).status).toBe('pending');
  });

  it('Z: a business one is not a member of gives nothing, exactly as an unknown one', async () => {
    const ownerEmail = f.email('z-owner');
    const owner = await f.signUp(ownerEmail);
    const stranger = await f.signUp(f.email('z-stranger'));
    const { application } = await f.expect<Submitted>(submit(form({ email: ownerEmail })), 201);
    const { business } = await f.expect<Approved>(approve(application.id), 201);
    expect((await memberBusiness(f.db, owner, business.id))?.role).toBe('owner');
    expect(await memberBusiness(f.db, stranger, business.id)).toBeNull();
    expect(await memberBusiness(f.db, stranger, 999_999_999)).toBeNull();
    expect(await isMember(f.db, business.id, stranger)).toBe(false);
    expect((await businessesOf(f.db, stranger)).map((b) => b.id)).not.toContain(business.id);
  });

  const mailIdOf = async (email: string) => (await sql<{ id: string }>`select id from merchants.mail where to_address = ${email} order by id limit 1`.execute(f.db)).rows[0]!.id;

  it('mail the Mailer refused is kept and handed over by the next delivery run, once', async () => {
    const email = f.email('relay-down');
    const down = { send: () => Promise.reject(new Error('relay down')), forgetRecipient: async () => 0 };
    const logged: string[] = [];
    const app = createMerchantsApp({ db: f.db, serviceToken: TEST_TOKEN, mailer: down, publicBaseUrl: 'https://thistle.example', log: (m) => void logged.push(m), applicationLimits: LOOSE_LIMITS });
    await f.expect<Submitted>(f.call('POST', '/applications', form({ email }), app), 201);
    expect(await f.mail(email)).toEqual([]);
    expect(logged).toEqual(['[merchants] mail not sent']);
    const mailer = createMailer({ db: f.db });
    // Refused: it waits a minute before it is tried again (a relay down is not hammered).
    expect(await deliverMerchantMail({ db: f.db, mailer, now: () => new Date(), log: () => undefined }, 50, await mailIdOf(email))).toBe(0);
    const later = () => new Date(Date.now() + MAIL_RETRY_AFTER_MS + 1_000);
    expect(await deliverMerchantMail({ db: f.db, mailer, now: later, log: () => undefined })).toBeGreaterThanOrEqual(1);
    expect(await deliverMerchantMail({ db: f.db, mailer, now: later, log: () => undefined })).toBe(0);
    expect((await f.mail(email)).map((m) => m.kind)).toEqual(['merchant_application']);
  });

  it('mail unsent for a day is given up, not tried for ever', async () => {
    const email = f.email('relay-down-all-day');
    const down = { send: () => Promise.reject(new Error('relay down')), forgetRecipient: async () => 0 };
    const app = createMerchantsApp({ db: f.db, serviceToken: TEST_TOKEN, mailer: down, publicBaseUrl: 'https://thistle.example', log: () => undefined, applicationLimits: LOOSE_LIMITS });
    await f.expect<Submitted>(f.call('POST', '/applications', form({ email }), app), 201);
    const mailer = createMailer({ db: f.db });
    const nextDay = () => new Date(Date.now() + MAIL_GIVE_UP_AFTER_MS + 60_000);
    expect(await deliverMerchantMail({ db: f.db, mailer, now: nextDay, log: () => undefined }, 50, await mailIdOf(email))).toBe(0);
    expect(await f.mail(email)).toEqual([]);
  });
});

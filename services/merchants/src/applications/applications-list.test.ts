import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import type { ApplicationResponse } from '../contract.ts';
import { merchantsFixture, type MerchantsFixture, type Problem } from '../test/merchants-fixture.ts';

type Submitted = { created: boolean; application: ApplicationResponse };

describe.each(testDatabases())('GET /applications?status= on %s', (_name, open) => {
  let f: MerchantsFixture;
  beforeAll(async () => {
    f = await merchantsFixture(open, 40);
  });
  afterAll(async () => {
    expect(f?.logged).toEqual([]);
    await f?.close();
  });

  const submit = (businessName: string) =>
    f.expect<Submitted>(
      f.call('POST', '/applications', { businessName, contactName: 'Morag Reid', email: f.email('list'), phone: '0141 496 0123', addressLine: '12 Byres Road', postcode: 'G12 8TD', category: 'afternoon-tea', city: 'Glasgow', type: 'local' }),
      201,
    );

  it('lists the applications of one status oldest first, and a decided one moves to its own status', async () => {
    const a = await submit('First Tearoom');
    const b = await submit('Second Tearoom');
    const c = await submit('Third Tearoom');
    await f.expect(f.call('POST', `/applications/${b.application.id}/approve`, { actorRef: 'staff:anna' }), 201);
    await f.expect(f.call('POST', `/applications/${c.application.id}/reject`, { actorRef: 'staff:anna', reason: 'Not yet.' }), 200);
    const ids = async (status: string) => (await f.expect<{ applications: ApplicationResponse[] }>(f.call('GET', `/applications?status=${status}`), 200)).applications.map((x) => x.id);
    expect(await ids('pending')).toEqual([a.application.id]);
    expect(await ids('approved')).toEqual([b.application.id]);
    expect(await ids('rejected')).toEqual([c.application.id]);
    const d = await submit('Fourth Tearoom');
    expect(await ids('pending')).toEqual([a.application.id, d.application.id]);
    expect((await f.expect<{ applications: ApplicationResponse[] }>(f.call('GET', '/applications?status=pending&first=1'), 200)).applications.map((x) => x.id)).toEqual([a.application.id]);
  });

  it('names a bad status or first', async () => {
    const bad = await f.expect<Problem>(f.call('GET', '/applications?status=open&first=0'), 400);
    expect(bad.errors?.map((e) => [e.field, e.message])).toEqual(expect.arrayContaining([['status', 'Choose pending, approved or rejected'], ['first', 'A whole number from 1 to 200.']]));
    expect((await f.call('GET', '/applications')).status).toBe(400);
  });
});

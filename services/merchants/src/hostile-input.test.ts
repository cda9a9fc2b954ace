/**
 * Reliability V2/V4: hostile values in every path and query parameter of the merchants service,
 * from its own OpenAPI document, and in every field of the application form. Every answer is a
 * 2xx or a 4xx, and nothing is logged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { BLANKS, CONTROL_TEXT, SQL_PROBES, unsafeStatus, WILDCARDS, type OpenApiDoc } from '@shop/platform/test-hostile';
import { merchantsFixture, type MerchantsFixture } from './test/merchants-fixture.ts';

const STRINGS = [...SQL_PROBES, ...WILDCARDS, ...CONTROL_TEXT, ...BLANKS, '😀', '\u202egnp.exe', '-1', '0', '1e309', 'null', '[]', '{"$gt":""}', '../../etc/passwd', '<script>alert(1)</script>', '__proto__', 'x'.repeat(5000)];
const VALUES: unknown[] = [...STRINGS, null, 0, -1, 1.5, true, [], {}, ['local'], { $gt: '' }];

describe.each(testDatabases())('merchants hostile input on %s (reliability V2, V4)', (_name, open) => {
  let f: MerchantsFixture;
  beforeAll(async () => {
    f = await merchantsFixture(open, 30);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('answers hostile path, query and body values with a 2xx or 4xx, and logs no error', async () => {
    const doc = (await (await f.app.request('/openapi.json')).json()) as OpenApiDoc;
    const failures: string[] = [];
    let requests = 0;
    const check = async (method: string, path: string, body?: unknown) => {
      requests++;
      const res = await f.call(method, path, body);
      await res.arrayBuffer();
      if (unsafeStatus(res.status)) failures.push(`${res.status} ${method} ${path.slice(0, 100)} ${JSON.stringify(body)?.slice(0, 100)}`);
    };
    for (const [template, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        for (const param of op.parameters ?? []) {
          for (const v of STRINGS) {
            const path = param.in === 'path' ? template.replace(`{${param.name}}`, encodeURIComponent(v) || '%20') : `${template}?${param.name}=${encodeURIComponent(v)}`;
            await check(method.toUpperCase(), path, method === 'post' ? { actorRef: 'staff:anna', reason: 'x' } : undefined);
          }
        }
      }
    }
    const form = { businessName: 'A', contactName: 'B', email: 'a@example.com', phone: '0141 496 0123', addressLine: '1 Road', postcode: 'G1 1AA', category: 'spa', city: 'Glasgow', type: 'local' };
    for (const field of Object.keys(form)) {
      for (const v of VALUES) await check('POST', '/applications', { ...form, email: `h${requests}@example.com`, [field]: v });
    }
    for (const v of VALUES) await check('POST', '/applications/1/approve', { actorRef: v });
    expect(requests).toBeGreaterThan(300);
    expect(failures).toEqual([]);
    expect(f.logged).toEqual([]);
  }, 180_000);
});

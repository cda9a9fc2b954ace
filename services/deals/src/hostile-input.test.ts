/**
 * Reliability V4: hostile strings in every path and query parameter of every route (taken from
 * the service's own OpenAPI document, so a new route is covered without touching this test).
 * Every answer must be a 2xx or a 4xx, and the service must log no error: nothing a client sends
 * may reach the database in a form it rejects.
 */
import { describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { sendHostileGets, unsafeStatus, type OpenApiDoc } from '@shop/platform/test-hostile';
import { dealsFixture, TEST_TOKEN } from './test/deals-fixture.ts';

const HOSTILE: string[] = [
  'price; DROP TABLE deals.deal--',
  "' OR 1=1--",
  "1' OR '1'='1",
  '1; select pg_sleep(10)',
  '%',
  '_',
  '\\',
  '%_\\',
  '*',
  'Glâsgöw',
  '😀',
  '\u202egnp.exe',
  '\u0000',
  'a\u0000b',
  'x'.repeat(10 * 1024),
  '9'.repeat(10 * 1024),
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '1e3',
  '-0',
  '0x10',
  '0b11',
  ' 1',
  '1 ',
  '-1',
  '0',
  '1.5',
  '2147483647',
  '2147483648',
  '9999999999',
  '9223372036854775808',
  '1,2,x',
  '1,,2',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '{"$gt":0}',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '1-2147483648',
  'WyJwb3B1bGFyaXR5IiwzMDAwMDAwMDAwLDEsMF0',
];

describe.each(testDatabases())('hostile input on %s (reliability V4)', (_name, open) => {
  const f = suiteFixture(() => dealsFixture(open, 60), (fixture) => fixture.database.close());

  it('answers every hostile value in every path and query parameter with a 2xx or 4xx, and logs no error', async () => {
    const doc = (await (await f.get('/openapi.json')).json()) as OpenApiDoc;
    const { parameters, requests, failures } = await sendHostileGets(doc, HOSTILE, (url) => f.get(url));
    // The document names every route's parameters: if it did not, this test would test nothing.
    expect(parameters).toBeGreaterThanOrEqual(15);
    expect(requests).toBeGreaterThan(parameters * HOSTILE.length - 1);
    expect(failures).toEqual([]);
    expect(f.logged.map((l) => `${l.message} ${JSON.stringify(l.fields).slice(0, 300)}`)).toEqual([]);
  }, 120_000);

  it('answers every hostile JSON body of POST /deal-views with a 2xx or 4xx, and logs no error', async () => {
    const failures: string[] = [];
    const send = async (body: string, contentType: string | null) => {
      const headers: Record<string, string> = { [SERVICE_TOKEN_HEADER]: TEST_TOKEN };
      if (contentType !== null) headers['content-type'] = contentType;
      const res = await f.app.request('/deal-views', { method: 'POST', body, headers });
      await res.arrayBuffer();
      if (unsafeStatus(res.status)) failures.push(`${res.status} ${contentType} ${body.slice(0, 120)}`);
    };
    const token = 'hostile-token-0001';
    for (const v of HOSTILE) {
      const asNumber = Number(v);
      for (const body of [
        { customerToken: v, dealId: 1 },
        { customerToken: token, dealId: v },
        { customerToken: token, dealId: Number.isFinite(asNumber) ? asNumber : null },
        { customerToken: token, dealId: 1, extra: v },
      ]) {
        await send(JSON.stringify(body), 'application/json');
      }
      await send(v, 'application/json');
      await send(v, 'text/plain');
      await send(v, null);
    }
    for (const raw of ['null', '[]', '[1]', '"x"', '{"customerToken":{"$gt":""},"dealId":1}', '{"customerToken":"hostile-token-0001","dealId":1e400}', '{"customerToken":"hostile-token-0001","dealId":9007199254740993}']) {
      await send(raw, 'application/json; charset=utf-8');
    }
    expect(failures).toEqual([]);
    expect(f.logged.map((l) => `${l.message} ${JSON.stringify(l.fields).slice(0, 300)}`)).toEqual([]);
  }, 120_000);
});

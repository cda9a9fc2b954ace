/**
 * Reliability V2/V4: hostile strings in every path and query parameter of every GET route (taken
 * from the service's own OpenAPI document, so a new parameter is covered without touching this
 * test), and in every field of the POST bodies. Every answer must be a 2xx or a 4xx, and the
 * service must log no error: nothing a client sends may reach the database in a form it rejects.
 * Search text that is valid (at most 200 characters, no control characters) must answer 200,
 * whatever tsquery or LIKE syntax it holds.
 */
import { describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { sendHostileGets, type OpenApiDoc } from '@shop/platform/test-hostile';
import { CONTROL_CHARS } from './lib/http.ts';
import { searchFixture } from './test/search-fixture.ts';

const HOSTILE: string[] = [
  "'; drop table search.deal_document; --",
  'price; DROP TABLE deals.deal--',
  "' OR 1=1--",
  '1; select pg_sleep(10)',
  '%',
  '_',
  '\\',
  '%_\\',
  '%%%%',
  '*',
  'a & !b | (c:*',
  '<->',
  'a <-> b <2> c',
  '!!!',
  ':*',
  'spa:*',
  'spa:A',
  '(((',
  ')',
  '"unterminated',
  '"afternoon tea"',
  '-spa',
  'spa or massage',
  'or',
  'the',
  '&',
  '|',
  'Glâsgöw Café',
  '😀',
  '🧖‍♀️ spa',
  '\u202egnp.exe',
  '\u200b',
  'spa\u200dmassage',
  '\u200f\u05e2\u05d1\u05e8\u05d9\u05ea',
  '\u0645\u0633\u0627\u062c',
  'ｍａｓｓａｇｅ',
  'e\u0301\u0301\u0301',
  '\ufeff',
  '\uffff',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  'x'.repeat(10 * 1024),
  '9'.repeat(10 * 1024),
  'a '.repeat(100),
  '',
  ' ',
  'NaN',
  'Infinity',
  '1e309',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '9223372036854775808',
  '1,2,x',
  '1,,2',
  'null',
  'true',
  '[]',
  '{"$gt":0}',
  '../../etc/passwd',
  '<script>alert(1)</script>',
];

const validQuery = (v: string) => v.trim().length <= 200 && !CONTROL_CHARS.test(v);

describe.each(testDatabases())('hostile input on %s (reliability V2, V4)', (_name, open) => {
  const f = suiteFixture(() => searchFixture(open, 60), (fixture) => fixture.database.close());

  it('answers every hostile value in every path and query parameter with a 2xx or 4xx, and logs no error', async () => {
    const doc = (await (await f.app.request('/openapi.json')).json()) as OpenApiDoc;
    const isSearchText = ({ param, url, value }: { param: { name: string }; url: string; value: string }) => param.name === 'q' && !url.includes('&q=') && validQuery(value);
    const { parameters, requests, failures } = await sendHostileGets(doc, HOSTILE, (url) => f.get(url), (request, status) => isSearchText(request) && status !== 200);
    // The document names every route's parameters: if it did not, this test would test nothing.
    expect(parameters).toBeGreaterThanOrEqual(30);
    expect(requests).toBeGreaterThan(parameters * HOSTILE.length - 1);
    expect(failures).toEqual([]);
    expect(f.logged.map((l) => `${l.message} ${JSON.stringify(l.fields).slice(0, 300)}`)).toEqual([]);
  }, 300_000);

  it('answers hostile JSON bodies of the sponsored routes with a 2xx or 4xx, and logs no error', async () => {
    const session = (await (await f.post('/sponsored/session', {})).json()) as { sessionId: string };
    const values: unknown[] = [...HOSTILE, null, true, 0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, [], [null], ['1'], {}, { $gt: 0 }, [1, 'x'], Array(51).fill(1)];
    const bodies: unknown[] = [];
    for (const v of values) {
      bodies.push({ customerToken: v }, { sessionId: v }, { customerToken: v, sessionId: v });
      const events = { adIds: [1], dealIds: [1], sessionId: session.sessionId, type: 'impression' };
      for (const key of Object.keys(events)) bodies.push({ ...events, [key]: v });
    }
    const raw = ['', 'null', '[]', '"x"', '{', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}', `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`];
    const failures: string[] = [];
    for (const path of ['/sponsored/session', '/sponsored/events']) {
      for (const body of [...bodies.map((b) => JSON.stringify(b)), ...raw]) {
        const res = await f.post(path, body);
        await res.arrayBuffer();
        if (res.status >= 500) failures.push(`${res.status} ${path} ${body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(f.logged.map((l) => `${l.message} ${JSON.stringify(l.fields).slice(0, 300)}`)).toEqual([]);
  }, 300_000);
});

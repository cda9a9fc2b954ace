/**
 * Reliability V2/V4: hostile values in every path and query parameter of the address service,
 * from its own OpenAPI document. Every answer is a 2xx or a 4xx, and nothing is logged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_HEADER, type Database } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { BLANKS, CONTROL_TEXT, SQL_PROBES, unsafeStatus, WILDCARDS, type OpenApiDoc } from '@shop/platform/test-hostile';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { createAddressApp } from './app.ts';
import { migrateAddress } from './db/database.ts';
import { seedAddresses } from './store.ts';

const STRINGS = [
  "'; drop table address.address; --",
  ...SQL_PROBES,
  ...WILDCARDS,
  '(((',
  'Glâsgöw Café',
  '😀',
  '\u202egnp.exe',
  '\u200b',
  'ｇ１ １ａａ',
  ...CONTROL_TEXT,
  ...BLANKS,
  '-1',
  '1e309',
  'null',
  '[]',
  '{"$gt":""}',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '__proto__',
  'G1 1AA',
  'g11aa',
  'EH1',
];

describe.each(testDatabases())('address hostile input on %s (reliability V2, V4)', (_name, open) => {
  let database: Database;
  let app: OpenAPIHono;
  const logged: string[] = [];
  beforeAll(async () => {
    database = await open();
    await migrateAddress(database.db);
    await seedAddresses(database.db);
    app = createAddressApp({ db: database.db, serviceToken: 't', log: (m, f) => void logged.push(`${m} ${JSON.stringify(f).slice(0, 300)}`) });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('answers hostile path and query parameters with a 2xx or 4xx, and logs no error', async () => {
    const doc = (await (await app.request('/openapi.json')).json()) as OpenApiDoc;
    const failures: string[] = [];
    let requests = 0;
    for (const [template, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        for (const param of op.parameters ?? []) {
          for (const v of STRINGS) {
            const url = param.in === 'path' ? template.replace(`{${param.name}}`, encodeURIComponent(v) || '%20') : `${template}?${param.name}=${encodeURIComponent(v)}&${param.name}=${encodeURIComponent(v)}`;
            const single = param.in === 'query' ? `${template}?${param.name}=${encodeURIComponent(v)}` : url;
            for (const u of new Set([url, single])) {
              requests++;
              const res = await app.request(u, { method: method.toUpperCase(), headers: { [SERVICE_TOKEN_HEADER]: 't' } });
              await res.arrayBuffer();
              if (unsafeStatus(res.status)) failures.push(`${res.status} ${u.slice(0, 140)}`);
            }
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(150);
    expect(failures).toEqual([]);
    expect(logged).toEqual([]);
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidPostcode } from '@shop/domain/postcodes';
import { SERVICE_TOKEN_HEADER, type Database } from '@shop/platform';
import { lintOpenApi } from '@shop/platform/openapi-lint';
import { testDatabases } from '@shop/platform/test-databases';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ADDRESS_BASE_PATH, createAddressApp } from './app.ts';
import type { AddressResponse } from './contract.ts';
import { migrateAddress } from './db/database.ts';
import { generateAddresses, SEED_ADDRESSES } from './seed/addresses.ts';
import { seedAddresses } from './store.ts';

const TOKEN = 'address-test-service-token';
type ProblemBody = { status: number; code: string; detail?: string; errors?: Array<{ field: string; message: string }> };

describe('the seeded addresses', () => {
  it('are a few hundred, deterministic, with valid, normalised UK postcodes of the seeded areas and unique monikers', () => {
    expect(SEED_ADDRESSES.length).toBeGreaterThan(300);
    expect(SEED_ADDRESSES.length).toBeLessThan(1500);
    expect(generateAddresses()).toEqual(SEED_ADDRESSES);
    expect(new Set(SEED_ADDRESSES.map((a) => a.moniker)).size).toBe(SEED_ADDRESSES.length);
    for (const a of SEED_ADDRESSES) {
      expect(isValidPostcode(a.postcode), a.postcode).toBe(true);
      expect(a.postcode).toMatch(/^(G([1-5]|1[12])|EH([1-9]|1[0-2])|AB(1[0-6]|2[0-5])) \d[ABDEFGHJLNPQRSTUWXYZ]{2}$/);
    }
    const towns = new Set(SEED_ADDRESSES.map((a) => a.town));
    expect([...towns].sort()).toEqual(['Aberdeen', 'Edinburgh', 'Glasgow']);
    expect(SEED_ADDRESSES.some((a) => a.line2 === null && a.line1.endsWith('Byres Road'))).toBe(true);
  });
});

describe.each(testDatabases())('address service on %s', (_name, open) => {
  let database: Database;
  let app: OpenAPIHono;
  const logged: string[] = [];
  const get = (path: string) => app.request(path, { headers: { [SERVICE_TOKEN_HEADER]: TOKEN } });
  const ok = async <T>(path: string): Promise<T> => {
    const res = await get(path);
    const text = await res.text();
    expect(res.status, `${path}: ${text}`).toBe(200);
    return JSON.parse(text) as T;
  };
  const problem = async (path: string, status: number): Promise<ProblemBody> => {
    const res = await get(path);
    expect(res.status, path).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    return (await res.json()) as ProblemBody;
  };
  const byres = () => SEED_ADDRESSES.find((a) => a.line1.endsWith('Byres Road') || a.line2?.endsWith('Byres Road'))!;

  beforeAll(async () => {
    database = await open();
    await migrateAddress(database.db);
    app = createAddressApp({ db: database.db, serviceToken: TOKEN, log: (m, f) => void logged.push(`${m} ${JSON.stringify(f)}`) });
  });
  afterAll(async () => {
    expect(logged).toEqual([]);
    await database?.close();
  });

  it('seedAddresses is idempotent', async () => {
    const first = await seedAddresses(database.db);
    expect(first).toEqual({ inserted: SEED_ADDRESSES.length, total: SEED_ADDRESSES.length });
    const again = await seedAddresses(database.db);
    expect(again).toEqual({ inserted: 0, total: SEED_ADDRESSES.length });
  });

  it('publishes an OpenAPI 3.1 document that Spectral passes with no errors or warnings', async () => {
    const doc = (await (await app.request('/openapi.json')).json()) as { servers: Array<{ url: string }>; paths: Record<string, unknown> };
    expect(doc.servers[0]!.url).toBe(ADDRESS_BASE_PATH);
    expect(Object.keys(doc.paths).sort()).toEqual(['/address/autocomplete', '/address/format/{key}', '/address/moniker/{moniker}', '/address/postcode/{postcode}', '/address/validate/postcode/{postcode}']);
    const problems = await lintOpenApi(doc);
    expect(problems.filter((p) => p.severity === 'error' || p.severity === 'warning')).toEqual([]);
    expect((await app.request('/address/postcode/G1%201AA')).status).toBe(401);
  });

  it('GET /address/postcode/{postcode}: the addresses at the postcode, in any case and spacing', async () => {
    const a = byres();
    const expected = SEED_ADDRESSES.filter((x) => x.postcode === a.postcode);
    for (const form of [a.postcode, a.postcode.toLowerCase(), a.postcode.replace(' ', ''), `  ${a.postcode.replace(' ', '   ')} `]) {
      const list = await ok<{ postcode: string; addresses: AddressResponse[] }>(`/address/postcode/${encodeURIComponent(form)}`);
      expect(list.postcode).toBe(a.postcode);
      expect(list.addresses.map((x) => x.moniker).sort()).toEqual(expected.map((x) => x.moniker).sort());
      expect(list.addresses.every((x) => x.town === 'Glasgow' && x.county === 'Glasgow City' && x.label.endsWith(`Glasgow ${a.postcode}`))).toBe(true);
    }
    // House numbers in order.
    const list = await ok<{ addresses: AddressResponse[] }>(`/address/postcode/${encodeURIComponent(a.postcode)}`);
    const numbers = list.addresses.map((x) => Number((x.line2 ?? x.line1).split(' ')[0]));
    expect(numbers).toEqual([...numbers].sort((p, q) => p - q));
    // A valid postcode nobody seeded: an empty list.
    expect(await ok('/address/postcode/SW1A%202AA')).toEqual({ postcode: 'SW1A 2AA', addresses: [] });
  });

  it("an invalid postcode is 400 'Enter a valid postcode' naming postcode, on both postcode routes", async () => {
    for (const bad of ['G1', 'XYZ', '1AA', 'G1 1A', 'G1-1AA', "G1 1AA'; drop table address.address; --", 'x'.repeat(500), '%00', 'EH1%0A1AA', '%F0%9F%98%80', '%20']) {
      for (const route of ['/address/postcode/', '/address/validate/postcode/']) {
        const body = await problem(`${route}${bad}`, 400);
        expect(body.code).toBe('VALIDATION_FAILED');
        expect(body.detail).toBe('Enter a valid postcode');
        expect(body.errors).toEqual([{ field: 'postcode', message: 'Enter a valid postcode' }]);
      }
    }
  });

  it('GET /address/validate/postcode/{postcode}: normalised, with whether addresses are known', async () => {
    const a = SEED_ADDRESSES.find((x) => x.town === 'Edinburgh')!;
    expect(await ok(`/address/validate/postcode/${encodeURIComponent(a.postcode.toLowerCase().replace(' ', ''))}`)).toEqual({ valid: true, postcode: a.postcode, outcode: a.postcode.split(' ')[0], known: true });
    expect(await ok('/address/validate/postcode/w1a1aa')).toEqual({ valid: true, postcode: 'W1A 1AA', outcode: 'W1A', known: false });
  });

  it('GET /address/autocomplete: every word, any order and case; by postcode with or without its space; at most 10', async () => {
    const r = await ok<{ query: string; addresses: AddressResponse[] }>('/address/autocomplete?query=BYRES%20road');
    expect(r.addresses.length).toBeGreaterThan(0);
    expect(r.addresses.length).toBeLessThanOrEqual(10);
    expect(r.addresses.every((x) => x.label.includes('Byres Road'))).toBe(true);
    const a = SEED_ADDRESSES.find((x) => x.town === 'Aberdeen' && x.line2 === null)!;
    const number = a.line1.split(' ')[0]!;
    const street = a.line1.slice(number.length + 1);
    const exact = await ok<{ addresses: AddressResponse[] }>(`/address/autocomplete?query=${encodeURIComponent(`${a.postcode.replace(' ', '').toLowerCase()} ${street.split(' ')[0]}`)}`);
    expect(exact.addresses.map((x) => x.moniker)).toContain(a.moniker);
    const reordered = await ok<{ addresses: AddressResponse[] }>(`/address/autocomplete?query=${encodeURIComponent(`aberdeen ${a.line1.toLowerCase()}`)}`);
    expect(reordered.addresses.map((x) => x.moniker)).toContain(a.moniker);
    expect((await ok<{ addresses: unknown[] }>('/address/autocomplete?query=glasgow')).addresses).toHaveLength(10);
    expect((await ok<{ addresses: unknown[] }>('/address/autocomplete?query=Sauchiehall%20Aberdeen')).addresses).toEqual([]);
  });

  it('autocomplete treats %, _, \\ and SQL as plain text (V4), and refuses empty, long or control-character queries naming query (V2)', async () => {
    for (const q of ['%', '_', '\\', '%_\\', "' OR 1=1--", "'; drop table address.address; --", '😀', 'Glâsgöw', '<script>']) {
      const r = await ok<{ addresses: unknown[] }>(`/address/autocomplete?query=${encodeURIComponent(q)}`);
      expect(r.addresses, q).toEqual([]);
    }
    for (const q of ['', '%20%20', `${'a'.repeat(101)}`, 'a%00b', 'x%0D%0Ay', '%07']) {
      const body = await problem(`/address/autocomplete?query=${q}`, 400);
      expect(body.errors![0]!.field, q).toBe('query');
    }
    expect((await problem('/address/autocomplete', 400)).errors![0]!.field).toBe('query');
    expect((await ok<{ addresses: unknown[] }>('/address/postcode/G1%201AA')).addresses).toBeDefined();
  });

  it('GET /address/moniker/{moniker} and /address/format/{key}', async () => {
    const flat = SEED_ADDRESSES.find((x) => x.town === 'Edinburgh' && x.line2 !== null)!;
    const a = await ok<AddressResponse>(`/address/moniker/${flat.moniker}`);
    expect(a).toEqual({ moniker: flat.moniker, line1: flat.line1, line2: flat.line2, town: 'Edinburgh', county: 'City of Edinburgh', postcode: flat.postcode, label: `${flat.line1}, ${flat.line2}, Edinburgh ${flat.postcode}` });
    const f = await ok<AddressResponse & { lines: string[] }>(`/address/format/${flat.moniker}`);
    expect(f.lines).toEqual([flat.line1, flat.line2, 'EDINBURGH', flat.postcode]);
    for (const bad of ['gbnotthere000000000000', 'x', "a'--", '%00', 'x'.repeat(65), '..%2F..%2Fetc']) {
      expect((await problem(`/address/moniker/${bad}`, 404)).code).toBe('NOT_FOUND');
      expect((await problem(`/address/format/${bad}`, 404)).code).toBe('NOT_FOUND');
    }
  });
});

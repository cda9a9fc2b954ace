/**
 * G2 and G3: the shop in its production configuration (persistedOnly, as NODE_ENV=production
 * sets it), served on loopback over real HTTP, with the real deals, search and users services.
 *
 * G2: introspection (`__schema`, `__type`) refused to the public, field suggestions hidden,
 * GraphiQL not served; a staff API key opens all three; a shopper's session never does; a revoked
 * key stops working once the gateway's short cache lapses.
 * G3: raw query text refused (PersistedQueryOnly), an unknown id refused (PersistedQueryNotFound),
 * a known id with other text alongside refused, variables still validated against the stored text;
 * batching off.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted on, not typed */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { testDatabases } from '@shop/platform/test-databases';
import { buildSchema, parse, validate } from 'graphql';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopApp } from '../server.ts';
import { openAccountServices, type AccountServices } from '../test/accounts-services.ts';
import { captureLogger, TEST_TOKEN } from '../test/helpers.ts';
import { loadPersistedOperations, PERSISTED_OPERATIONS_FILE, STAFF_KEY_CACHE_MS } from './operation-access.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const persisted = (text: string) => [sha256(text), text] as const;

const LOCATION = persisted('query TestLocation($slug: String!) { location(slug: $slug) { slug name } }');
const REGISTER = persisted('mutation TestRegister($input: RegisterInput!) { register(input: $input) { __typename } }');
const CONFIRM = persisted('mutation TestConfirm($input: TokenInput!) { confirmEmail(input: $input) { __typename } }');
const VIEWER = persisted('query TestViewer { viewer { email } }');
// Neither could come from the SPA; they are here to show the rules hold for stored text too.
const SNEAKY_SCHEMA = persisted('query TestSneaky { __schema { types { name } } }');
const TYPO = persisted('query TestTypo { ordr }');
const MAP = Object.fromEntries([LOCATION, REGISTER, CONFIRM, VIEWER, SNEAKY_SCHEMA, TYPO]);

const SCHEMA_QUERY = '{ __schema { queryType { name } types { name } } }';
const TYPE_QUERY = '{ __type(name: "Deal") { fields { name } } }';
/** Real field names a suggestion for `ordr` could leak. */
const REAL_FIELDS = ['order', 'orders', 'location', 'deal', 'viewer'];

describe.each(testDatabases())('production GraphQL access (G2, G3) on %s', (_name, open) => {
  let services: AccountServices;
  let server: ServerType;
  let base: string;
  let clock = new Date('2026-11-26T10:00:00Z');
  const logger = captureLogger();

  beforeAll(async () => {
    services = await openAccountServices(open);
    const { app } = createShopApp({
      dealsApp: services.dealsApp,
      searchApp: services.searchApp,
      usersApp: services.usersApp,
      serviceToken: TEST_TOKEN,
      logger,
      clientDist: '/nonexistent',
      gateway: { persistedOnly: true, persistedOperations: MAP, now: () => clock },
    });
    base = await new Promise<string>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`));
      server = s;
    });
  });
  afterAll(async () => {
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await services?.close();
  });

  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as { data?: any; errors?: { message: string; extensions?: any }[] } };
  };
  const byId = ([id]: readonly [string, string], variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    post({ documentId: `sha256:${id}`, variables }, headers);
  const raw = (query: string, headers: Record<string, string> = {}, variables: Record<string, unknown> = {}) => post({ query, variables }, headers);

  const staffKeys = (path: string, body?: unknown) =>
    fetch(`${base}/api/users/staff-keys${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-service-token': TEST_TOKEN, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const newKey = async (name: string): Promise<string> => {
    const res = await staffKeys('', { name });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { key: string } }).data.key;
  };
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const graphiqlPage = (headers: Record<string, string> = {}) => fetch(`${base}/graphql`, { headers: { accept: 'text/html', ...headers } });

  describe('G3: persisted operations only', () => {
    it('runs a persisted operation by its id, with its variables', async () => {
      const res = await byId(LOCATION, { slug: 'glasgow' });
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.location).toEqual({ slug: 'glasgow', name: 'Glasgow' });
    });

    it('refuses raw query text: PersistedQueryOnly', async () => {
      const res = await raw('query { location(slug: "glasgow") { name } }');
      expect(res.body.data ?? null).toBeNull();
      expect(res.body.errors?.[0]?.message).toBe('PersistedQueryOnly');
      expect(res.body.errors?.[0]?.extensions?.code).toBe('CANNOT_SEND_PQ_ID_AND_BODY');
    });

    it('refuses an unknown id: PersistedQueryNotFound', async () => {
      const res = await post({ documentId: `sha256:${sha256('query Unknown { __typename }')}`, variables: {} });
      expect(res.body.data ?? null).toBeNull();
      expect(res.body.errors?.[0]?.message).toBe('PersistedQueryNotFound');
      expect(res.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_IN_LIST');
    });

    it('refuses a request with neither text nor id', async () => {
      const res = await post({ variables: {} });
      expect(res.status).toBe(400);
      expect(res.body.data ?? null).toBeNull();
      expect(res.body.errors?.[0]?.message).toBe('Must provide query string.');
    });

    it('refuses a known id with other query text alongside (the text never runs)', async () => {
      const res = await post({ documentId: `sha256:${LOCATION[0]}`, query: SCHEMA_QUERY, variables: { slug: 'glasgow' } });
      expect(res.body.data ?? null).toBeNull();
      expect(res.body.errors?.[0]?.message).toBe('PersistedQueryOnly');
      expect(JSON.stringify(res.body)).not.toContain('queryType');
    });

    it('validates variables against the stored document: missing, mistyped, extra', async () => {
      const missing = await byId(LOCATION, {});
      expect(missing.body.data ?? null).toBeNull();
      expect(missing.body.errors?.[0]?.message).toMatch(/Variable "\$slug" of required type "String!" was not provided/);
      const mistyped = await byId(LOCATION, { slug: { $ne: 1 } });
      expect(mistyped.body.data ?? null).toBeNull();
      expect(mistyped.body.errors?.[0]?.message).toMatch(/Variable "\$slug"/);
      // An extra variable the stored text does not declare changes nothing: the stored text runs as it is.
      const extra = await byId(LOCATION, { slug: 'glasgow', dealId: '1', first: 100000 });
      expect(extra.body.errors).toBeUndefined();
      expect(extra.body.data.location.slug).toBe('glasgow');
    });

    it('batching is off: an array body is a 400', async () => {
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ documentId: `sha256:${LOCATION[0]}`, variables: { slug: 'glasgow' } }, { documentId: `sha256:${LOCATION[0]}`, variables: { slug: 'edinburgh' } }]),
      });
      expect(res.status).toBe(400);
    });
  });

  describe('G2: introspection, suggestions and GraphiQL', () => {
    it.each([
      ['__schema', SCHEMA_QUERY],
      ['__type', TYPE_QUERY],
    ])('refuses %s to a public request', async (_label, query) => {
      const res = await raw(query);
      expect(res.body.data ?? null).toBeNull();
      expect(res.body.errors?.[0]?.message).toBe('PersistedQueryOnly');
      expect(JSON.stringify(res.body)).not.toMatch(/Deal|queryType|"fields"/);
    });

    it('refuses introspection even in a stored operation, to a public request', async () => {
      const res = await byId(SNEAKY_SCHEMA);
      expect(res.body.data ?? null).toBeNull();
      expect(res.body.errors?.[0]?.message).toMatch(/introspection/i);
      expect(JSON.stringify(res.body)).not.toContain('"types"');
    });

    it('names no real field when a field is misspelt: "[Suggestion hidden]"', async () => {
      const stored = await byId(TYPO);
      expect(stored.body.errors?.[0]?.message).toContain('[Suggestion hidden]');
      const text = await raw('{ ordr }');
      for (const res of [stored, text]) {
        const body = JSON.stringify(res.body);
        for (const field of REAL_FIELDS) expect(body).not.toContain(`"${field}"`);
        expect(body).not.toMatch(/Did you mean/);
      }
    });

    it('serves no GraphiQL page to a browser', async () => {
      const res = await graphiqlPage();
      const html = await res.text();
      expect(res.headers.get('content-type') ?? '').not.toContain('text/html');
      expect(html.toLowerCase()).not.toContain('graphiql');
    });

    it('a shopper signed in (session cookie) gets no more than anyone: no text, no introspection, no GraphiQL', async () => {
      const email = `staffless.${Date.now().toString(36)}@example.com`;
      const registered = await byId(REGISTER, { input: { email, password: 'Correct-Horse-9', firstName: 'Ann', lastName: 'Shopper' } });
      expect(registered.body.data.register.__typename).toBe('RegisterAccepted');
      const token = await services.linkToken(email, 'confirmEmail');
      const confirmed = await byId(CONFIRM, { input: { token } });
      expect(confirmed.body.data.confirmEmail.__typename).toBe('LoginSuccess');
      const sid = confirmed.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='))!.split(';')[0]!;
      const cookie = { cookie: sid };
      // The session is live: the persisted viewer query sees the shopper.
      expect((await byId(VIEWER, {}, cookie)).body.data.viewer.email).toBe(email);
      expect((await raw(SCHEMA_QUERY, cookie)).body.errors?.[0]?.message).toBe('PersistedQueryOnly');
      expect((await byId(SNEAKY_SCHEMA, {}, cookie)).body.errors?.[0]?.message).toMatch(/introspection/i);
      // The session token as a bearer token is no staff key either.
      const sessionToken = decodeURIComponent(sid.slice('__Host-sid='.length));
      expect((await raw(SCHEMA_QUERY, { ...cookie, ...bearer(sessionToken) })).body.errors?.[0]?.message).toBe('PersistedQueryOnly');
      expect(await (await graphiqlPage(cookie)).text()).not.toMatch(/graphiql/i);
    });

    it('a staff key opens any operation, introspection and GraphiQL; a wrong key does not', async () => {
      const key = await newKey('ops-graphiql');
      const schema = await raw(SCHEMA_QUERY, bearer(key));
      expect(schema.body.errors).toBeUndefined();
      expect(schema.body.data.__schema.queryType.name).toBe('Query');
      const type = await raw(TYPE_QUERY, bearer(key));
      expect(type.body.data.__type.fields.map((f: { name: string }) => f.name)).toContain('title');
      expect((await raw('query { location(slug: "glasgow") { name } }', bearer(key))).body.data.location.name).toBe('Glasgow');
      expect((await byId(SNEAKY_SCHEMA, {}, bearer(key))).body.data.__schema.types.length).toBeGreaterThan(10);
      const page = await graphiqlPage(bearer(key));
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toMatch(/graphiql/i);

      const wrong = `${key.slice(0, -4)}AAAA`;
      expect((await raw(SCHEMA_QUERY, bearer(wrong))).body.errors?.[0]?.message).toBe('PersistedQueryOnly');
      expect((await raw(SCHEMA_QUERY, { authorization: key })).body.errors?.[0]?.message).toBe('PersistedQueryOnly');
      expect(await (await graphiqlPage(bearer(wrong))).text()).not.toMatch(/graphiql/i);
    });

    it('a revoked key stops working once the short cache lapses', async () => {
      const key = await newKey('leaver');
      expect((await raw(SCHEMA_QUERY, bearer(key))).body.data.__schema.queryType.name).toBe('Query');
      const revoked = await staffKeys('/revoke', { name: 'leaver' });
      expect(revoked.status).toBe(200);
      expect(((await revoked.json()) as { data: { revokedAt: string | null } }).data.revokedAt).not.toBeNull();
      clock = new Date(clock.getTime() + STAFF_KEY_CACHE_MS + 1);
      expect((await raw(SCHEMA_QUERY, bearer(key))).body.errors?.[0]?.message).toBe('PersistedQueryOnly');
      expect(await (await graphiqlPage(bearer(key))).text()).not.toMatch(/graphiql/i);
    });
  });
});

describe('the SPA persisted map written by the client build', () => {
  it.skipIf(!existsSync(PERSISTED_OPERATIONS_FILE))('every id is the SHA-256 of its text, and every text validates against schema.graphql', () => {
    const map = loadPersistedOperations();
    const schema = buildSchema(readFileSync(new URL('../../../schema.graphql', import.meta.url), 'utf8'));
    expect(Object.keys(map).length).toBeGreaterThan(10);
    for (const [id, text] of Object.entries(map)) {
      expect(sha256(text)).toBe(id);
      expect(validate(schema, parse(text)).map((e) => e.message)).toEqual([]);
    }
  });
});

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@shop/platform';
import { lintOpenApi } from '@shop/platform/openapi-lint';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { ProblemSchema, SponsoredEventsResponseSchema, SponsoredSessionResponseSchema, SuggestResponseSchema, type Suggestion } from './contract.ts';
import { searchFixture } from './test/search-fixture.ts';

describe.each(testDatabases())('search service on %s', (_name, open) => {
  const f = suiteFixture(() => searchFixture(open, 200), (fixture) => fixture.database.close());

  const suggest = async (query: string): Promise<Suggestion[]> => SuggestResponseSchema.parse(await f.json(`/suggest?${query}`)).suggestions;
  const problem = async (res: Response) => ProblemSchema.parse(await res.json());

  describe('GET /suggest', () => {
    it('suggests by prefix as the shopper types', async () => {
      const s = await suggest('q=afternoon%20t');
      expect(s.some((x) => x.text.toLowerCase() === 'afternoon tea')).toBe(true);
      // Prefix matches come first, then the trigram ones.
      expect(s[0]!.text.toLowerCase().startsWith('afternoon t')).toBe(true);
      // Even one character answers, by prefix only.
      const one = await suggest('q=m');
      expect(one.length).toBeGreaterThan(0);
      expect(one.every((x) => x.text.toLowerCase().startsWith('m'))).toBe(true);
    });

    it('tolerates typos from 3 characters (trigrams): "masage" suggests massage', async () => {
      const s = await suggest('q=masage');
      expect(s.some((x) => x.text.toLowerCase() === 'massage')).toBe(true);
      expect((await suggest('q=afternon')).some((x) => x.text.toLowerCase().startsWith('afternoon'))).toBe(true);
      // Two characters: prefix only, no fuzzy matches.
      expect((await suggest('q=zz')).length).toBe(0);
    });

    it('gives each kind its url: categories, locations, terms and deals', async () => {
      const glasgow = await suggest('q=glas');
      expect(glasgow).toContainEqual({ kind: 'location', text: 'Glasgow', url: '/deals/glasgow' });
      const spa = await suggest('q=spa&location=glasgow&limit=20');
      const category = spa.find((x) => x.kind === 'category' && x.text === 'Spa');
      expect(category?.url).toBe('/deals/glasgow/spa');
      const sub = spa.find((x) => x.kind === 'category' && x.url.split('/').length === 5);
      expect(sub?.url).toMatch(/^\/deals\/glasgow\/[a-z-]+\/[a-z-]+$/);
      const term = spa.find((x) => x.kind === 'term');
      expect(term?.url).toBe(`/search?q=${encodeURIComponent(term!.text)}&location=glasgow`);
      const deal = spa.find((x) => x.kind === 'deal');
      expect(deal?.dealId).toBeTypeOf('number');
      expect(deal?.url).toMatch(new RegExp(`^/deals/glasgow/.+/${deal!.dealId}/.+\\.html$`));
      const anywhere = await suggest('q=spa');
      expect(anywhere.find((x) => x.kind === 'term')?.url ?? '').not.toContain('location=');
      expect(new Set(spa.map((x) => `${x.kind}|${x.text}`)).size).toBe(spa.length);
    });

    it('answers an empty list for empty text; respects limit; validates', async () => {
      expect(await suggest('q=')).toEqual([]);
      expect(await suggest('')).toEqual([]);
      expect(await suggest('q=%20%20')).toEqual([]);
      expect(await suggest('q=%25%25')).toEqual([]);
      expect((await suggest('q=s&limit=3')).length).toBe(3);
      expect((await suggest('q=s')).length).toBe(8);
      for (const [query, field] of [
        ['q=spa&limit=21', 'limit'],
        ['q=spa&limit=0', 'limit'],
        [`q=${'a'.repeat(201)}`, 'q'],
        ['q=spa&location=Glas%20gow', 'location'],
      ] as const) {
        const res = await f.get(`/suggest?${query}`);
        expect(res.status, query).toBe(400);
        expect((await problem(res)).errors?.[0]?.field).toBe(field);
      }
      expect((await f.get('/suggest?q=spa&location=atlantis')).status).toBe(404);
      expect((await f.get('/suggest?q=spa&location=national-deal')).status).toBe(200);
    });

    it('matches the text literally: "_" and "%" (or their fullwidth forms) are no wildcards', async () => {
      expect(await suggest('q=_')).toEqual([]);
      expect(await suggest('q=s%25')).toEqual([]);
      expect(await suggest('q=s_a')).toEqual([]);
      // Text is matched after normalising (unaccent folds fullwidth ％ and ＿ to % and _): still literally.
      expect(await suggest('q=s%EF%BC%85')).toEqual([]);
      expect(await suggest('q=s%EF%BC%BFa')).toEqual([]);
    });
  });

  describe('sponsored sessions and events', () => {
    it('creates a session, returns an existing one again, and links the customer token', async () => {
      const created = SponsoredSessionResponseSchema.parse(await (await f.post('/sponsored/session', { customerToken: 'customer-token-123', sessionId: null })).json());
      const again = SponsoredSessionResponseSchema.parse(await (await f.post('/sponsored/session', { sessionId: created.sessionId })).json());
      expect(again.sessionId).toBe(created.sessionId);
      const unknown = '7b0e3a3c-54b5-4a53-9d0a-2d1f0f0e9a11';
      const fresh = SponsoredSessionResponseSchema.parse(await (await f.post('/sponsored/session', { sessionId: unknown })).json());
      expect(fresh.sessionId).not.toBe(unknown);
      expect(fresh.sessionId).not.toBe(created.sessionId);
      const anonymous = SponsoredSessionResponseSchema.parse(await (await f.post('/sponsored/session', {})).json());
      const rows = await sql<{ session_id: string; customer_token: string | null }>`
        select session_id::text, customer_token from search.sponsored_session where session_id in (${created.sessionId}, ${anonymous.sessionId})`.execute(f.database.db);
      expect(Object.fromEntries(rows.rows.map((r) => [r.session_id, r.customer_token]))).toEqual({ [created.sessionId]: 'customer-token-123', [anonymous.sessionId]: null });
    });

    it('validates the session body', async () => {
      // A session id that is not one of ours (an old cookie) just gets a new session.
      const stale = SponsoredSessionResponseSchema.parse(await (await f.post('/sponsored/session', { sessionId: 'not-a-uuid' })).json());
      expect(stale.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      for (const [body, field] of [
        [{ sessionId: 'x'.repeat(101) }, 'sessionId'],
        [{ sessionId: 42 }, 'sessionId'],
        [{ customerToken: 'short' }, 'customerToken'],
        [{ customerToken: 42 }, 'customerToken'],
      ] as const) {
        const res = await f.post('/sponsored/session', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect((await problem(res)).errors?.[0]?.field).toBe(field);
      }
      expect((await f.post('/sponsored/session', '{not json')).status).toBe(400);
    });

    it('records impressions and clicks (202), append-only', async () => {
      const { sessionId } = SponsoredSessionResponseSchema.parse(await (await f.post('/sponsored/session', {})).json());
      const impressions = await f.post('/sponsored/events', { adIds: [1000011, 1000042], dealIds: [11, 42], sessionId, type: 'impression' });
      expect(impressions.status).toBe(202);
      expect(SponsoredEventsResponseSchema.parse(await impressions.json())).toEqual({ recorded: 2 });
      const click = await f.post('/sponsored/events', { adIds: [1000011], dealIds: [11], sessionId, type: 'click' });
      expect(click.status).toBe(202);
      const rows = await sql<{ type: string; ad_id: number; deal_id: number }>`
        select type, ad_id, deal_id from search.sponsored_event where session_id = ${sessionId} order by id`.execute(f.database.db);
      expect(rows.rows.map((r) => [r.type, Number(r.ad_id), Number(r.deal_id)])).toEqual([
        ['impression', 1000011, 11],
        ['impression', 1000042, 42],
        ['click', 1000011, 11],
      ]);
    });

    it('answers 404 for an unknown session and 400 for mismatched or oversized arrays', async () => {
      const unknown = await f.post('/sponsored/events', { adIds: [1], dealIds: [1], sessionId: '7b0e3a3c-54b5-4a53-9d0a-2d1f0f0e9a11', type: 'click' });
      expect(unknown.status).toBe(404);
      expect((await problem(unknown)).code).toBe('NOT_FOUND');
      const { sessionId } = SponsoredSessionResponseSchema.parse(await (await f.post('/sponsored/session', {})).json());
      const many = Array.from({ length: 51 }, (_, i) => i + 1);
      for (const [body, field] of [
        [{ adIds: [1, 2], dealIds: [1], sessionId, type: 'click' }, 'dealIds'],
        [{ adIds: many, dealIds: many, sessionId, type: 'impression' }, 'adIds'],
        [{ adIds: [], dealIds: [], sessionId, type: 'impression' }, 'adIds'],
        [{ adIds: [1], dealIds: [1], sessionId, type: 'view' }, 'type'],
        [{ adIds: [1.5], dealIds: [1], sessionId, type: 'click' }, 'adIds.0'],
        [{ adIds: [1], dealIds: [1], sessionId: 'x', type: 'click' }, 'sessionId'],
      ] as const) {
        const res = await f.post('/sponsored/events', body);
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect((await problem(res)).errors?.map((e) => e.field)).toContain(field);
      }
    });
  });

  it('answers 401 without the service token on every route (reliability Z5)', async () => {
    for (const [method, path] of [
      ['GET', '/search/glasgow?q=spa'],
      ['GET', '/search-b/glasgow?q=spa'],
      ['GET', '/suggest?q=spa'],
      ['POST', '/sponsored/session'],
      ['POST', '/sponsored/events'],
    ]) {
      const res = await f.app.request(path!, { method, headers: { 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect(res.status, path).toBe(401);
      const wrong = await f.app.request(path!, { method, headers: { [SERVICE_TOKEN_HEADER]: 'wrong' } });
      expect(wrong.status, path).toBe(401);
    }
  });

  it('publishes an OpenAPI 3.1 document that Spectral (oas ruleset) passes with no errors or warnings', async () => {
    const res = await f.app.request('/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0].url).toBe('/api/search');
    for (const [p, method] of [
      ['/search/{location}', 'get'],
      ['/search-b/{location}', 'get'],
      ['/suggest', 'get'],
      ['/sponsored/session', 'post'],
      ['/sponsored/events', 'post'],
    ] as const) {
      const op = doc.paths[p]?.[method];
      expect(op, p).toBeDefined();
      expect(op.tags.length).toBeGreaterThan(0);
      for (const param of op.parameters ?? []) expect(param.description ?? param.schema?.description, `${p} ${param.name}`).toMatch(/[A-Za-z]{3}/);
      for (const status of Object.keys(op.responses).filter((s) => s.startsWith('4'))) {
        expect(op.responses[status].content['application/problem+json'].schema.$ref).toBe('#/components/schemas/Problem');
      }
    }
    const params = doc.paths['/search/{location}'].get.parameters.map((p: { name: string }) => p.name);
    for (const name of ['location', 'q', 'category', 'subcategory', 'minPrice', 'maxPrice', 'vip', 'sort', 'order', 'pageSize', 'page', 'facetedNavigation', 'allLocations', 'tag', 'excludeCategories', 'excludeDeals']) {
      expect(params, name).toContain(name);
    }
    const results = await lintOpenApi(doc);
    expect(results.filter((r) => r.severity === 'error')).toEqual([]);
    expect(results.filter((r) => r.severity === 'warning')).toEqual([]);
    expect(f.logged).toEqual([]);
  });
});

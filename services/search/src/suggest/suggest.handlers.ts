import type { OpenAPIHono } from '@hono/zod-openapi';
import { displayLocation } from '@shop/domain';
import { notFoundProblem, problemResponse } from '@shop/platform';
import type { Suggestion } from '../contract.ts';
import type { SearchDeps } from '../lib/deps.ts';
import * as routes from './suggest.routes.ts';
import { findTerms, type TermMatch } from './suggest.store.ts';

/** The dropdown's order, and how many of each kind it shows before the rest fill it up. */
const KIND_ORDER = { location: 0, category: 1, term: 2, deal: 3 } as const;
const KIND_CAP = { location: 2, category: 3, term: 8, deal: 3 } as const;

function urlOf(m: TermMatch, location: string | null): string {
  if (m.kind === 'term') return `/search?q=${encodeURIComponent(m.text)}${location ? `&location=${encodeURIComponent(location)}` : ''}`;
  return m.url ?? '/search';
}

/**
 * Best first: prefix matches before trigram matches, then by kind (location, category, term,
 * deal), then weight (deals in the index, or popularity). One entry per text and kind; a term
 * that repeats a category or location name is left out.
 */
export function rankSuggestions(matches: TermMatch[], location: string | null, limit: number): Suggestion[] {
  const sorted = [...matches].sort(
    (a, b) => a.tier - b.tier || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || b.similarity - a.similarity || b.weight - a.weight || a.norm.localeCompare(b.norm),
  );
  const seen = new Set<string>();
  const named = new Set(sorted.filter((m) => m.kind === 'category' || m.kind === 'location').map((m) => m.norm));
  const unique = sorted.filter((m) => {
    const key = `${m.kind}|${m.norm}`;
    if (seen.has(key) || (m.kind === 'term' && named.has(m.norm))) return false;
    seen.add(key);
    return true;
  });
  const picked: TermMatch[] = [];
  const perKind = { location: 0, category: 0, term: 0, deal: 0 };
  for (const m of unique) {
    if (picked.length >= limit) break;
    if (perKind[m.kind] >= KIND_CAP[m.kind]) continue;
    perKind[m.kind]++;
    picked.push(m);
  }
  for (const m of unique) {
    if (picked.length >= limit) break;
    if (!picked.includes(m)) picked.push(m);
  }
  picked.sort((a, b) => unique.indexOf(a) - unique.indexOf(b));
  return picked.map((m) => ({ kind: m.kind, text: m.text, url: urlOf(m, location), ...(m.dealId !== null && m.kind === 'deal' ? { dealId: m.dealId } : {}) }));
}

export function registerSuggestRoutes(app: OpenAPIHono, deps: SearchDeps): void {
  app.openapi(routes.suggest, async (c) => {
    const query = c.req.valid('query');
    const q = (query.q ?? '').trim().replace(/\s+/g, ' ');
    let location: string | null = null;
    if (query.location !== undefined && query.location !== 'all') {
      location = displayLocation(query.location);
      if (!(await deps.index.names()).locations.has(location)) return problemResponse(c, notFoundProblem('Sorry, we could not find that location.'));
    }
    if (!q || !/[\p{L}\p{N}]/u.test(q)) return c.json({ suggestions: [] }, 200);
    const compute = async () => rankSuggestions(await findTerms(deps.db, q, location), location, query.limit);
    if (!deps.suggestCache) return c.json({ suggestions: await compute() }, 200);
    deps.suggestCache.setVersion(await deps.index.version());
    const cached = await deps.suggestCache.get(JSON.stringify([q.toLowerCase(), location, query.limit]), compute);
    c.header('x-search-cache', cached.hit ? 'hit' : 'miss');
    return c.json({ suggestions: cached.value }, 200);
  });
}

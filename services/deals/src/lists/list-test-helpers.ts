/**
 * Helpers the issue 4 list tests share (not a test file itself).
 */
import { expect } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@shop/platform';
import { ProblemSchema, type Deal } from '../contract.ts';
import { TEST_NOW, TEST_TOKEN, type DealsFixture } from '../test/deals-fixture.ts';

export async function expectProblem(f: DealsFixture, path: string, status: number) {
  const res = await f.get(path);
  expect(res.status, path).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  return ProblemSchema.parse(await res.json());
}

export function post(f: DealsFixture, path: string, body: unknown, contentType = 'application/json'): Promise<Response> {
  return Promise.resolve(
    f.app.request(path, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { [SERVICE_TOKEN_HEADER]: TEST_TOKEN, 'content-type': contentType },
    }),
  );
}

interface Paged {
  deals: Deal[];
  searchResult: { totalResults: number; page: number; pageSize: number; nextCursor: string | null };
}

/** Every page of a list (page=0,1,…) until a short page; checks the paging block on the way. */
export async function walkPages<T extends Paged>(f: DealsFixture, base: string, pageSize: number, parse: (v: unknown) => T): Promise<{ pages: T[]; deals: Deal[] }> {
  const pages: T[] = [];
  for (let page = 0; page < 100; page++) {
    const sep = base.includes('?') ? '&' : '?';
    const body = parse(await f.json(`${base}${sep}page=${page}&pageSize=${pageSize}`));
    expect(body.searchResult).toMatchObject({ page, pageSize, nextCursor: null });
    pages.push(body);
    if (body.deals.length < pageSize) break;
  }
  const deals = pages.flatMap((p) => p.deals);
  expect(new Set(deals.map((d) => d.id)).size, `${base}: no duplicates across pages`).toBe(deals.length);
  expect(deals.length, `${base}: every page together holds totalResults`).toBe(pages[0]!.searchResult.totalResults);
  return { pages, deals };
}

export const isLiveDeal = (d: Deal): boolean => d.closingDate === null || new Date(d.closingDate).getTime() > TEST_NOW.getTime();

export const ago = (ms: number): Date => new Date(TEST_NOW.getTime() - ms);
export const DAY_MS = 86_400_000;

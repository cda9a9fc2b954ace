import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { expectProblem, isLiveDeal } from '../lists/list-test-helpers.ts';
import { dealsFixture, TEST_NOW } from '../test/deals-fixture.ts';
import { WelcomeCampaignResponseSchema } from './campaigns.routes.ts';
import { ensureCampaigns, SEED_CAMPAIGNS } from './campaigns.store.ts';

describe.each(testDatabases())('paid campaigns (/welcome) on %s', (_name, open) => {
  const f = suiteFixture(() => dealsFixture(open, 240), (fixture) => fixture.database.close());
  const welcome = async (query = '') => WelcomeCampaignResponseSchema.parse(await f.json(`/welcome-campaign${query}`));

  it('no campaign at all: 404', async () => {
    expect((await expectProblem(f, '/welcome-campaign', 404)).detail).toBe('Sorry, there is no campaign running.');
  });

  it('the seed writes the campaigns once, each with live deals of its location and category', async () => {
    expect(await ensureCampaigns(f.db, TEST_NOW)).toBe(true);
    expect(await ensureCampaigns(f.db, TEST_NOW)).toBe(false);
    const spa = await welcome('?campaign=glasgow-spa-days&pageSize=48');
    expect(spa).toMatchObject({ matched: true, campaign: { slug: 'glasgow-spa-days', headline: SEED_CAMPAIGNS[1]!.headline } });
    expect(spa.deals.length).toBeGreaterThan(0);
    expect(spa.deals.every((d) => d.location.slug === 'glasgow' && d.shareUrl.startsWith('/deals/glasgow/spa/'))).toBe(true);
    expect(spa.deals.every((d) => isLiveDeal(d))).toBe(true);
    expect(spa.searchResult.totalResults).toBe(spa.deals.length);
  });

  it('no campaign named, an unknown one or one that has ended: the default campaign, matched false', async () => {
    for (const query of ['', '?campaign=no-such-campaign']) expect(await welcome(query)).toMatchObject({ matched: false, campaign: { slug: 'welcome' } });
    expect((await welcome('?campaign=welcome')).matched).toBe(true);
    await sql`update deals.campaign set ends_at = ${new Date(TEST_NOW.getTime() - 1000)}, starts_at = ${new Date(TEST_NOW.getTime() - 86_400_000)} where slug = 'edinburgh-food-and-drink'`.execute(f.db);
    expect(await welcome('?campaign=edinburgh-food-and-drink')).toMatchObject({ matched: false, campaign: { slug: 'welcome' } });
  });

  it('pages keep the campaign order; a deal that closes leaves the list', async () => {
    const all = await welcome('?pageSize=48');
    expect(all.deals.length).toBeGreaterThan(12);
    const first = await welcome('?pageSize=5&page=0');
    const second = await welcome('?pageSize=5&page=1');
    expect([...first.deals, ...second.deals].map((d) => d.id)).toEqual(all.deals.slice(0, 10).map((d) => d.id));
    await sql`update deals.deal set closing_date = ${new Date(TEST_NOW.getTime() - 1000)} where id = ${all.deals[0]!.id}`.execute(f.db);
    const after = await welcome('?pageSize=48');
    expect(after.searchResult.totalResults).toBe(all.searchResult.totalResults - 1);
    expect(after.deals.map((d) => d.id)).not.toContain(all.deals[0]!.id);
    // The next start tops the seeded campaign up again with another live deal, after the others.
    expect(await ensureCampaigns(f.db, TEST_NOW)).toBe(false);
    const topped = await welcome('?pageSize=48');
    expect(topped.searchResult.totalResults).toBe(all.searchResult.totalResults);
    expect(topped.deals.slice(0, -1).map((d) => d.id)).toEqual(after.deals.map((d) => d.id));
    expect(topped.deals.map((d) => d.id)).not.toContain(all.deals[0]!.id);
    expect(topped.deals.every((d) => isLiveDeal(d) && d.location.slug === 'glasgow')).toBe(true);
  });

  it('a malformed campaign or page is a 400 naming the field', async () => {
    expect(JSON.stringify(await expectProblem(f, '/welcome-campaign?campaign=%3Cscript%3E', 400))).toContain('campaign');
    expect(JSON.stringify(await expectProblem(f, '/welcome-campaign?pageSize=0', 400))).toContain('pageSize');
  });
});

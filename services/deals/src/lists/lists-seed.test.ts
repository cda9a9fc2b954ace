import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import type { DealsDb } from '../db/database.ts';
import { migrateDeals } from '../db/database.ts';
import { seedListsIfMissing } from '../seed/lists-seed.ts';
import { seedDeals, seedIfEmpty } from '../seed/seed.ts';
import { TEST_NOW } from '../test/deals-fixture.ts';
import type { Database } from '@shop/platform';
import { recordPurchase } from './history.ts';

describe.each(testDatabases())('list seed on %s', (_name, open) => {
  let database: Database;
  let db: DealsDb;
  beforeAll(async () => {
    database = await open();
    db = database.db as DealsDb;
    await migrateDeals(db);
  });
  afterAll(async () => {
    await database?.close();
  });

  const snapshot = async () => ({
    earlyBird: await db.withSchema('deals').selectFrom('deal').select(['id', 'early_bird_until']).where('early_bird_until', 'is not', null).orderBy('id').execute(),
    events: await db.withSchema('deals').selectFrom('special_event').selectAll().orderBy('id').execute(),
    eventDeals: await db.withSchema('deals').selectFrom('special_event_deal').selectAll().orderBy('event_id').orderBy('position').execute(),
    areas: await db.withSchema('deals').selectFrom('near_me_area').selectAll().orderBy('id').execute(),
    guides: await db.withSchema('deals').selectFrom('guide').selectAll().orderBy('id').execute(),
  });

  it('is deterministic, sized as specified, and rewritten with the catalogue (history cleared)', async () => {
    await seedDeals(db, { deals: 200, seed: 5, now: TEST_NOW });
    const a = await snapshot();
    await recordPurchase(db, { customerToken: 'seed-test-token', dealId: 1, quantity: 1, at: TEST_NOW });
    await seedDeals(db, { deals: 200, seed: 5, now: TEST_NOW });
    const b = await snapshot();
    expect(b).toEqual(a);
    expect(await db.withSchema('deals').selectFrom('purchase_history').selectAll().execute()).toEqual([]);

    // About 5% of deals have a window; live events carry 12 to 40 deals.
    expect(a.earlyBird.length).toBeGreaterThan(2);
    expect(a.earlyBird.length).toBeLessThan(30);
    const perEvent = new Map<number, number>();
    for (const d of a.eventDeals) perEvent.set(d.event_id, (perEvent.get(d.event_id) ?? 0) + 1);
    for (const e of a.events) {
      expect(perEvent.get(e.id), e.slug).toBeGreaterThanOrEqual(12);
      expect(perEvent.get(e.id), e.slug).toBeLessThanOrEqual(40);
    }
    expect(a.events.filter((e) => e.location_id === null).length).toBeGreaterThanOrEqual(2);
    expect(a.guides.map((g) => g.slug)).toEqual(expect.arrayContaining(['best-afternoon-tea-glasgow', 'spa-days-edinburgh', 'gifts-for-mum', 'christmas-gift-guide', 'affiliate/student-deals', 'old-spa-guide']));
    expect(a.areas.length).toBeGreaterThanOrEqual(15);
  });

  it('seedIfEmpty writes the list content for a catalogue that predates it, once, keeping history', async () => {
    const full = await snapshot();
    await recordPurchase(db, { customerToken: 'seed-test-token', dealId: 2, quantity: 1, at: TEST_NOW });
    for (const table of ['special_event_deal', 'special_event', 'near_me_area', 'guide'] as const) await db.withSchema('deals').deleteFrom(table).execute();
    await db.withSchema('deals').updateTable('deal').set({ early_bird_until: null }).execute();

    expect(await seedIfEmpty(db, { seed: 5, now: TEST_NOW })).toBe(false); // the catalogue was there
    const restored = await snapshot();
    expect(restored).toEqual(full);
    expect(await seedListsIfMissing(db, { seed: 5, now: TEST_NOW })).toBe(false); // already there: nothing written
    expect(await snapshot()).toEqual(restored);
    expect((await db.withSchema('deals').selectFrom('purchase_history').selectAll().execute()).length).toBe(1);
  });
});

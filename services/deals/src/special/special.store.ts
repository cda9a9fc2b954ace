/**
 * Special events (spec §2 "special as the third segment", §7 {category feed}/{location}/special/{slug}):
 * an event with a window and its hand-picked deals in position order.
 */
import type { DealsDb } from '../db/database.ts';
import type { DealRow } from '../deals/deals.table.ts';
import { isLive, offsetOf, type Paging } from '../lists/common.ts';
import type { SpecialEventRow } from '../lists/lists.table.ts';

export async function findSpecialEvent(db: DealsDb, slug: string): Promise<SpecialEventRow | undefined> {
  return db.withSchema('deals').selectFrom('special_event').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** Live now: started and not yet ended. */
export const isEventOn = (e: SpecialEventRow, now: Date): boolean =>
  new Date(e.starts_at).getTime() <= now.getTime() && now.getTime() < new Date(e.ends_at).getTime();

/** The event's live deals in these locations, by position (then id). */
export async function specialEventDealsPage(
  db: DealsDb,
  eventId: number,
  locationIds: readonly number[],
  now: Date,
  paging: Paging,
): Promise<{ rows: DealRow[]; total: number }> {
  const base = () =>
    db
      .withSchema('deals')
      .selectFrom('special_event_deal')
      .innerJoin('deal', 'deal.id', 'special_event_deal.deal_id')
      .where('special_event_deal.event_id', '=', eventId)
      .where('deal.location_id', 'in', [...locationIds])
      .where(isLive(now));
  const [rows, count] = await Promise.all([
    base()
      .selectAll('deal')
      .orderBy('special_event_deal.position', 'asc')
      .orderBy('deal.id', 'asc')
      .limit(paging.pageSize)
      .offset(offsetOf(paging))
      .execute(),
    base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

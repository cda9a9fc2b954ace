/**
 * A merchant's sales over London days (issue 17 point 2): the two grouped queries of sales.store.ts
 * folded into totals, every day of the period, and each option with its own days.
 */
import { addDaysToDate, endOfLondonDay } from '@shop/domain/london-time';
import type { AnyDb } from '../db/database.ts';
import { daysBetween, type SalesAnswer, type SalesFigures } from './sales.contract.ts';
import { eventsByDay, soldByDay } from './sales.store.ts';

type Option = SalesAnswer['options'][number];
type OptionDay = Option['days'][number];

const zero = (): SalesFigures => ({ sold: 0, redeemed: 0, refunded: 0, expired: 0 });
const add = (into: SalesFigures, f: SalesFigures) => {
  into.sold += f.sold;
  into.redeemed += f.redeemed;
  into.refunded += f.refunded;
  into.expired += f.expired;
};

/** The first instant of a London day and the first instant after another: the period [start, end). */
export function periodBounds(from: string, to: string): { start: Date; end: Date } {
  return { start: new Date(endOfLondonDay(addDaysToDate(from, -1)).getTime() + 1), end: new Date(endOfLondonDay(to).getTime() + 1) };
}

export async function salesOf(db: AnyDb, input: { dealIds: readonly number[]; from: string; to: string }): Promise<SalesAnswer> {
  const { start, end } = periodBounds(input.from, input.to);
  const [sold, events] = await Promise.all([soldByDay(db, input.dealIds, start, end), eventsByDay(db, input.dealIds, start, end)]);

  const options = new Map<string, Option & { byDay: Map<string, OptionDay> }>();
  const dayOf = (row: { deal_id: number; deal_product_id: number; currency: 'GBP' | 'EUR'; title: string; day: string }) => {
    const key = `${row.deal_id}:${row.deal_product_id}:${row.currency}`;
    let option = options.get(key);
    if (!option) {
      option = { dealId: row.deal_id, dealProductId: row.deal_product_id, title: row.title, currency: row.currency, totals: { ...zero(), soldValue: 0 }, days: [], byDay: new Map() };
      options.set(key, option);
    }
    // Titles of one option may differ between sales (a title edited): the smallest one, for stability.
    if (row.title < option.title) option.title = row.title;
    let day = option.byDay.get(row.day);
    if (!day) {
      day = { date: row.day, ...zero(), soldValue: 0 };
      option.byDay.set(row.day, day);
    }
    return day;
  };
  for (const r of sold) {
    const day = dayOf(r);
    day.sold += r.sold;
    day.soldValue += r.sold_value;
  }
  for (const r of events) {
    const day = dayOf(r);
    day.redeemed += r.redeemed;
    day.refunded += r.refunded;
    day.expired += r.expired;
  }

  const days = Array.from({ length: daysBetween(input.from, input.to) }, (_, i) => ({ date: addDaysToDate(input.from, i), ...zero() }));
  const dayIndex = new Map(days.map((d, i) => [d.date, i]));
  const totals = zero();
  const list: Option[] = [];
  for (const { byDay, ...option } of options.values()) {
    option.days = [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
    for (const d of option.days) {
      add(option.totals, d);
      option.totals.soldValue += d.soldValue;
      add(days[dayIndex.get(d.date)!]!, d);
    }
    add(totals, option.totals);
    list.push(option);
  }
  list.sort((a, b) => a.dealId - b.dealId || a.dealProductId - b.dealProductId || a.currency.localeCompare(b.currency));
  return { from: input.from, to: input.to, totals, days, options: list };
}

/**
 * deals.upcoming_deal and deals.upcoming_product (migration 2026_12_06_1100_upcoming_deal): deals
 * that are not live yet, shaped like deals.deal and deals.product, with the deal's status and,
 * when scheduled, the moment it goes live.
 */
import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { DealTable, ProductTable } from '../deals/deals.table.ts';

/** draft: not scheduled yet; scheduled: goes live at live_from. */
export const UPCOMING_STATUSES = ['draft', 'scheduled'] as const;
export type UpcomingStatus = (typeof UPCOMING_STATUSES)[number];

export interface UpcomingDealTable extends Omit<DealTable, 'id'> {
  /** From deals.upcoming_deal_id_seq (950,000,001 up): kept when the deal goes live. */
  id: ColumnType<number, number | undefined, never>;
  status: UpcomingStatus;
  /** Set exactly when scheduled. */
  live_from: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

export interface UpcomingProductTable extends Omit<ProductTable, 'id'> {
  id: ColumnType<number, number | undefined, never>;
}

export type UpcomingDealRow = Selectable<UpcomingDealTable>;
export type NewUpcomingDeal = Insertable<UpcomingDealTable>;
export type NewUpcomingProduct = Insertable<UpcomingProductTable>;

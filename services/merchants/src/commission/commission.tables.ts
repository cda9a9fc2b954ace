/** Per-deal commission rates (migration 2026_12_31_1300_deal_commission), as Kysely sees them. */
import type { ColumnType } from 'kysely';

export interface DealCommissionTable {
  deal_id: number;
  business_id: ColumnType<string | number, number, number>;
  /** Basis points, 0–10000 (2500 = 25%). */
  commission_bp: number;
  set_by: string;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

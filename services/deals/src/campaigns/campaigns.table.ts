/** deals.campaign and deals.campaign_deal (migration 2026_12_06_1110_campaign). */
import type { ColumnType, Generated } from 'kysely';

export interface CampaignTable {
  id: Generated<number>;
  slug: string;
  headline: string;
  description: string;
  is_default: Generated<boolean>;
  starts_at: ColumnType<Date, Date | string, Date | string>;
  ends_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

export interface CampaignDealTable {
  campaign_id: number;
  deal_id: number;
  position: number;
}

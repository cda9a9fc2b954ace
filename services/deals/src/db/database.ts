/**
 * The deals schema as Kysely sees it, and its migrations. Tables are keyed without the schema
 * name: every query goes through `db.withSchema(DEALS_SCHEMA)`.
 */
import type { Kysely } from 'kysely';
import { schemaMigrations } from '@shop/platform';
import type { DealTable, ProductTable } from '../deals/deals.table.ts';
import type { ImageTable } from '../images/images.table.ts';
import type { DealViewTable, GuideTable, NearMeAreaTable, PurchaseHistoryTable, SpecialEventDealTable, SpecialEventTable } from '../lists/lists.table.ts';
import type { CategoryTable, LocationTable } from '../locations/locations.table.ts';
import type { MerchantTable } from '../merchants/merchants.table.ts';
import type { ReviewTable } from '../reviews/reviews.table.ts';
import type { StaticPageTable } from '../staticpages/staticpages.table.ts';
import type { UpcomingDealTable, UpcomingProductTable } from '../preview/preview.table.ts';
import type { CampaignDealTable, CampaignTable } from '../campaigns/campaigns.table.ts';

export const DEALS_SCHEMA = 'deals';

export interface DealsDatabase {
  location: LocationTable;
  category: CategoryTable;
  merchant: MerchantTable;
  image: ImageTable;
  deal: DealTable;
  product: ProductTable;
  static_page: StaticPageTable;
  special_event: SpecialEventTable;
  special_event_deal: SpecialEventDealTable;
  near_me_area: NearMeAreaTable;
  guide: GuideTable;
  deal_view: DealViewTable;
  purchase_history: PurchaseHistoryTable;
  review: ReviewTable;
  upcoming_deal: UpcomingDealTable;
  upcoming_product: UpcomingProductTable;
  campaign: CampaignTable;
  campaign_deal: CampaignDealTable;
}

/** The handle stores, mappers, handlers and the seed take (a Transaction is one too). */
export type DealsDb = Kysely<DealsDatabase>;

/** The schema's migrations (the files of migrations/, run in name order) and the function that brings it to the latest. */
export const { migrations: dealsMigrations, migrate: migrateDeals } = schemaMigrations(DEALS_SCHEMA, new URL('./migrations/', import.meta.url));

import type { Migration } from 'kysely/migration';
import * as createCatalogue from './2026_11_22_0900_create_catalogue.ts';
import * as dealFacetIndex from './2026_11_22_1300_deal_facet_index.ts';
import * as createStaticPage from './2026_11_22_1400_create_static_page.ts';
import * as dealTags from './2026_11_22_1500_deal_tags.ts';
import * as dealLists from './2026_11_22_1600_deal_lists.ts';
import * as stockHolds from './2026_11_24_0900_stock_holds.ts';
import * as dealHeadlinePrice from './2026_11_25_0900_deal_headline_price.ts';
import * as stockHoldHolder from './2026_12_04_1300_stock_hold_holder.ts';
import * as holdWindow from './2026_12_05_0900_hold_window.ts';
import * as voucherValidity from './2026_12_05_0900_voucher_validity.ts';

/** Every migration of the deals schema, by name (run in name order). */
export const dealsMigrations: Record<string, Migration> = {
  '2026_11_22_0900_create_catalogue': { up: createCatalogue.up, down: createCatalogue.down },
  '2026_11_22_1300_deal_facet_index': { up: dealFacetIndex.up, down: dealFacetIndex.down },
  '2026_11_22_1400_create_static_page': { up: createStaticPage.up, down: createStaticPage.down },
  '2026_11_22_1500_deal_tags': { up: dealTags.up, down: dealTags.down },
  '2026_11_22_1600_deal_lists': { up: dealLists.up, down: dealLists.down },
  '2026_11_24_0900_stock_holds': { up: stockHolds.up, down: stockHolds.down },
  '2026_11_25_0900_deal_headline_price': { up: dealHeadlinePrice.up, down: dealHeadlinePrice.down },
  '2026_12_04_1300_stock_hold_holder': { up: stockHoldHolder.up, down: stockHoldHolder.down },
  '2026_12_05_0900_hold_window': { up: holdWindow.up, down: holdWindow.down },
  '2026_12_05_0900_voucher_validity': { up: voucherValidity.up, down: voucherValidity.down },
};

/**
 * The deals.location and deals.category tables: the small, static part of the catalogue.
 */
import type { Generated, Insertable, Selectable } from 'kysely';
import type { NavigationItem } from '../contract.ts';

/** Which part of the shop a location (and a category) belongs to. */
export type LocationScope = 'local' | 'shop' | 'travel';

export interface LocationTable {
  id: number;
  slug: string;
  name: string;
  short_name: string;
  brand: string;
  country_code: string;
  description: string;
  domain: string;
  lat: number;
  lon: number;
  region: string;
  site_group: string;
  status: string;
  url: string;
  scope: LocationScope;
  is_default: Generated<boolean>;
  is_travel: Generated<boolean>;
  is_national: Generated<boolean>;
  position: number;
}

export interface CategoryTable {
  id: number;
  /** Null for a top-level category. */
  parent_id: number | null;
  slug: string;
  name: string;
  short_name: string;
  scope: string;
  navigation_type: NavigationItem['navigationType'];
  meta_title: string | null;
  description: string | null;
  position: number;
}

export type LocationRow = Selectable<LocationTable>;
export type NewLocation = Insertable<LocationTable>;
export type CategoryRow = Selectable<CategoryTable>;
export type NewCategory = Insertable<CategoryTable>;

/**
 * The deals.static_page table: the shop's static pages (spec §2 /page/{slug}, /editorial-team,
 * /discountcodes). Sections are structured JSON (anchor id, heading, paragraphs, list, links),
 * never HTML.
 */
import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { StaticPageSection } from './staticpages.contract.ts';

export interface StaticPageTable {
  slug: string;
  path: string;
  title: string;
  description: string;
  /** jsonb: an array of StaticPageSection. */
  sections: ColumnType<StaticPageSection[], string, string>;
  /** 'YYYY-MM-DD', read as text. */
  updated_on: ColumnType<string, string, string>;
}

export type StaticPageRow = Selectable<StaticPageTable>;
export type NewStaticPage = Insertable<StaticPageTable>;

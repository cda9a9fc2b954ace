/**
 * Static pages: one read by slug, and the upsert that loads the copy of staticpages.content.ts
 * (the migration that creates the table calls it; a copy change ships as a new migration that
 * calls it again).
 */
import { sql, type Kysely } from 'kysely';
import type { DealsDb } from '../db/database.ts';
import type { StaticPage, StaticPageSection } from './staticpages.contract.ts';
import type { StaticPageCopy } from './staticpages.content.ts';
import type { StaticPageRow } from './staticpages.table.ts';

function rowToStaticPage(r: StaticPageRow): StaticPage {
  // PGlite and pg both parse jsonb; a driver that hands back text is parsed here.
  const sections = (typeof r.sections === 'string' ? JSON.parse(r.sections) : r.sections) as StaticPageSection[];
  return { slug: r.slug, path: r.path, title: r.title, description: r.description, updatedOn: r.updated_on, sections };
}

export async function findStaticPage(db: DealsDb, slug: string): Promise<StaticPage | undefined> {
  const row = await db
    .withSchema('deals')
    .selectFrom('static_page')
    .select(['slug', 'path', 'title', 'description', 'sections', sql<string>`to_char(updated_on, 'YYYY-MM-DD')`.as('updated_on')])
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row ? rowToStaticPage(row) : undefined;
}

/** Every section in the stored shape: lists and links always present (empty when none). */
export function toStoredSections(page: StaticPageCopy): StaticPageSection[] {
  return page.sections.map((s) => ({ id: s.id, heading: s.heading, paragraphs: s.paragraphs, items: s.items ?? [], links: s.links ?? [] }));
}

/**
 * Inserts or replaces these pages by slug. Takes a Kysely of any schema type, so a migration
 * (which must not depend on today's DealsDatabase) can call it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- callable from migrations (Kysely<any>)
export async function upsertStaticPages(db: Kysely<any>, pages: readonly StaticPageCopy[]): Promise<void> {
  if (pages.length === 0) return;
  await db
    .withSchema('deals')
    .insertInto('static_page')
    .values(
      pages.map((p) => ({
        slug: p.slug,
        path: p.path,
        title: p.title,
        description: p.description,
        sections: JSON.stringify(toStoredSections(p)),
        updated_on: p.updatedOn,
      })),
    )
    .onConflict((oc) =>
      oc.column('slug').doUpdateSet((eb) => ({
        path: eb.ref('excluded.path'),
        title: eb.ref('excluded.title'),
        description: eb.ref('excluded.description'),
        sections: eb.ref('excluded.sections'),
        updated_on: eb.ref('excluded.updated_on'),
      })),
    )
    .execute();
}

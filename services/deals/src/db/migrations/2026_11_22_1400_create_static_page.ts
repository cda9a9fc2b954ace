/**
 * deals.static_page: the static pages of spec §2 (/page/{slug}, /editorial-team, /discountcodes)
 * as structured sections (jsonb), never HTML. Loads the copy of staticpages.content.ts, which is
 * plain data; a later copy change is a new migration that upserts it again.
 */
import { sql, type Kysely } from 'kysely';
import { STATIC_PAGES } from '../../staticpages/staticpages.content.ts';
import { upsertStaticPages } from '../../staticpages/staticpages.store.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .withSchema('deals')
    .createTable('static_page')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sections', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(sections) = 'array'`))
    .addColumn('updated_on', 'date', (c) => c.notNull())
    .execute();
  await upsertStaticPages(db, STATIC_PAGES);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.withSchema('deals').dropTable('static_page').execute();
}

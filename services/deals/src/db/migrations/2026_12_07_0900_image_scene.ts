/**
 * Deal images that show what is sold (issue 19 point 10): an image row may hold a scene (a small
 * JSON recipe drawn on request at the width and format a page asks for) instead of an SVG body.
 * The rows of catalogues seeded before are redrawn by the seed's idempotent start step
 * (seed/images.ts upgradeSeededImages), not here: that uses today's scene rules, and migrations
 * are frozen in time. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table deals.image
    add column scene jsonb,
    alter column body drop not null,
    add constraint image_has_picture check (scene is not null or body is not null)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  // Deals keep their image ids: a scene row becomes a blank SVG of the old size.
  await sql`update deals.image set content_type = 'image/svg+xml', width = 800, height = 500,
    body = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500"><rect width="800" height="500" fill="#e8eef5"/></svg>'
    where body is null`.execute(db);
  await sql`alter table deals.image drop constraint image_has_picture, alter column body set not null, drop column scene`.execute(db);
}

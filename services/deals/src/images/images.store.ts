/** Reads a deal image's picture source: its scene, or an SVG stored before scenes. */
import type { DealsDb } from '../db/database.ts';
import type { ImageSource } from './render.ts';
import { parseScene } from './scene.ts';

/** The source of image `id`; undefined when there is no such image (or nothing drawable in it). */
export async function findImageSource(db: DealsDb, id: number): Promise<ImageSource | undefined> {
  const row = await db.withSchema('deals').selectFrom('image').select(['scene', 'body', 'content_type']).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const scene = row.scene === null ? null : parseScene(row.scene);
  if (scene) return { kind: 'scene', scene };
  if (row.body && row.content_type === 'image/svg+xml') return { kind: 'svg', svg: row.body };
  return undefined;
}

/**
 * The deals.image table: a deal's picture, as a scene (a JSON recipe, images/scene.ts, drawn on
 * request by render.ts) or, for rows written before scenes, an SVG body. Served publicly by
 * images.routes.ts at every width and format the pages use.
 */
import type { ColumnType, Insertable, Selectable } from 'kysely';

export interface ImageTable {
  id: number;
  /** SCENE_CONTENT_TYPE for a scene, 'image/svg+xml' for an SVG body. */
  content_type: string;
  body: string | null;
  /** jsonb: written as JSON text, read as the parsed value. */
  scene: ColumnType<unknown, string | null | undefined, string | null>;
  width: number;
  height: number;
}

export type ImageRow = Selectable<ImageTable>;
export type NewImage = Insertable<ImageTable>;

/**
 * The deals.image table: generated SVG deal images, served publicly by images.routes.ts.
 */
import type { Insertable, Selectable } from 'kysely';

export interface ImageTable {
  id: number;
  content_type: string;
  body: string;
  width: number;
  height: number;
}

export type ImageRow = Selectable<ImageTable>;
export type NewImage = Insertable<ImageTable>;

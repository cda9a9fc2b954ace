/**
 * A deal image's scene: what the picture shows, stored as a small JSON recipe in deals.image.scene
 * and drawn on request (compose.ts) at the width and in the format a page asks for (render.ts).
 * The seed decides the scene from what the deal sells (seed/images.ts); the renderer only knows
 * settings, emoji names and the label.
 */
import { z } from 'zod';

/** Bumped when the drawing changes, so the image urls change and year-long caches let go. */
export const RENDER_VERSION = 1;

/** deals.image.content_type of a row whose picture is its scene (drawn on request). */
export const SCENE_CONTENT_TYPE = 'application/vnd.shop.scene+json';

/** The drawing's own size (3:2, the ratio of every deal image box on the pages). */
export const SCENE_WIDTH = 1200;
export const SCENE_HEIGHT = 800;

/** The widths a page may ask for (srcset candidates): thumbnails to a wide deal page on a 2x screen. */
export const IMAGE_WIDTHS = [120, 240, 360, 480, 720, 960, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Served formats: WebP for every current browser, JPEG for the rest (and for og:image, JSON-LD). */
export const IMAGE_FORMATS = { webp: 'image/webp', jpg: 'image/jpeg' } as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;

/** Where the subjects stand: each setting draws its own background (compose.ts). */
export const SETTINGS = [
  'table', 'tea', 'bar', 'bakery', 'spa', 'salon', 'gym', 'studio', 'park', 'kitchen', 'art', 'classroom', 'road',
  'escape', 'golf', 'track', 'timber', 'city', 'climbing', 'lanes', 'product',
  'mountains', 'island', 'skyline', 'coast', 'beach', 'desert', 'tropical',
] as const;
export type Setting = (typeof SETTINGS)[number];

/** An emoji of the Noto set by its name (@iconify-json/noto), e.g. 'spaghetti'. */
const emojiName = z.string().regex(/^[a-z0-9-]{2,60}$/);

export const SceneSchema = z.object({
  setting: z.enum(SETTINGS),
  /** The thing sold, drawn large in the middle. */
  hero: emojiName,
  /** Up to three things that go with it (a glass of wine beside the pasta, a plane over the beach). */
  props: z.array(emojiName).max(3),
  /** The merchant's name on a plaque; null when an image is shared by several merchants. */
  label: z.string().max(80).nullable(),
  /** Picks the palette and the small variations of the drawing: the same seed, the same picture. */
  seed: z.number().int().min(0).max(2 ** 31 - 1),
});
export type Scene = z.infer<typeof SceneSchema>;

/** A stored scene, or null when the value is not one (never throws on bad data). */
export function parseScene(value: unknown): Scene | null {
  const parsed = SceneSchema.safeParse(typeof value === 'string' ? safeJson(value) : value);
  return parsed.success ? parsed.data : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * A deal image as the REST contract gives it: the largest JPEG as `imageUrl` (og:image, JSON-LD),
 * `srcset` of every width in JPEG (the fallback), and `sources` of the modern formats, best first,
 * for a <picture>. The urls carry the render version, so they can be cached for a year.
 */
import { z } from '@hono/zod-openapi';
import { IMAGE_FORMATS, IMAGE_WIDTHS, RENDER_VERSION, SCENE_HEIGHT, SCENE_WIDTH, type ImageFormat } from './scene.ts';

export const DealImageSchema = z
  .object({
    imageUrl: z.string().openapi({ description: 'The picture as the largest JPEG (for og:image and the like).' }),
    extension: z.string().openapi({ description: 'The extension of imageUrl.', example: 'jpg' }),
    alt: z.string(),
    width: z.number().int().openapi({ description: 'Intrinsic width of the largest picture (3:2).' }),
    height: z.number().int(),
    srcset: z.string().openapi({ description: 'Every width as JPEG, for <img srcset>.', example: '/api/deals/images/7/v1/240.jpg 240w, /api/deals/images/7/v1/480.jpg 480w' }),
    sources: z
      .array(z.object({ type: z.string().openapi({ example: 'image/webp' }), srcset: z.string() }))
      .openapi({ description: 'The same widths in modern formats, best first, for <picture><source>.' }),
  })
  .openapi('DealImage');
export type DealImage = z.infer<typeof DealImageSchema>;

const MODERN: ImageFormat[] = ['webp'];
const FALLBACK: ImageFormat = 'jpg';

/** The url of image `imageId` at `width` in `format`, under the service's `basePath`. */
export function imageUrl(basePath: string, imageId: number, width: number, format: ImageFormat): string {
  return `${basePath}/images/${imageId}/v${RENDER_VERSION}/${width}.${format}`;
}

function srcset(basePath: string, imageId: number, format: ImageFormat): string {
  return IMAGE_WIDTHS.map((w) => `${imageUrl(basePath, imageId, w, format)} ${w}w`).join(', ');
}

/** The image of a deal whose picture is image `imageId`. */
export function dealImage(basePath: string, imageId: number, alt: string): DealImage {
  return {
    imageUrl: imageUrl(basePath, imageId, SCENE_WIDTH, FALLBACK),
    extension: FALLBACK,
    alt,
    width: SCENE_WIDTH,
    height: SCENE_HEIGHT,
    srcset: srcset(basePath, imageId, FALLBACK),
    sources: MODERN.map((format) => ({ type: IMAGE_FORMATS[format], srcset: srcset(basePath, imageId, format) })),
  };
}

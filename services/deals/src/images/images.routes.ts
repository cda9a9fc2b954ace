/**
 * The deal image routes: public (no service token), cached for a year. A picture is asked for at
 * one of IMAGE_WIDTHS in WebP or JPEG; the render version in the path changes when the drawing
 * does, so a cached picture is never stale.
 */
import { z } from '@hono/zod-openapi';
import { commonErrors, createRoute, notFoundContent } from '@shop/platform';
import { IMAGE_FORMATS, IMAGE_WIDTHS } from './scene.ts';

const imageId = z.string().regex(/^\d{1,9}$/, 'Must be a numeric image id.').openapi({ param: { name: 'imageId', in: 'path' }, example: '1' });
const picture = (description: string) => ({
  description,
  content: Object.fromEntries(Object.values(IMAGE_FORMATS).map((type) => [type, { schema: z.string().openapi({ format: 'binary' }) }])),
  headers: z.object({
    'cache-control': z.string().openapi({ example: 'public, max-age=31536000, immutable' }),
    etag: z.string().openapi({ description: 'A strong validator of the bytes; If-None-Match answers 304.' }),
  }),
});

export const FILE_PATTERN = new RegExp(`^(${IMAGE_WIDTHS.join('|')})\\.(${Object.keys(IMAGE_FORMATS).join('|')})$`);

export const getImageVariant = createRoute({
  method: 'get',
  path: '/images/{imageId}/{version}/{file}',
  operationId: 'getDealImageVariant',
  tags: ['Images'],
  summary: 'A deal image at one width and format (public, cached for a year)',
  description:
    `A deal image drawn at \`width\` pixels wide (3:2) as WebP or JPEG: \`{width}.webp\` or \`{width}.jpg\`, width one of ${IMAGE_WIDTHS.join(', ')}. ` +
    'The deal\'s `image.srcset` and `image.sources` list these urls. `version` is the drawing\'s version (`v1`); an older version answers today\'s drawing with a short cache.',
  security: [],
  request: {
    params: z.object({
      imageId,
      version: z.string().regex(/^v\d{1,4}$/, 'Must be v followed by the render version, e.g. v1.').openapi({ param: { name: 'version', in: 'path' }, example: 'v1' }),
      file: z.string().regex(FILE_PATTERN, `Must be {width}.webp or {width}.jpg with a width of ${IMAGE_WIDTHS.join(', ')}.`).openapi({ param: { name: 'file', in: 'path' }, example: '480.webp' }),
    }),
  },
  responses: {
    200: picture('The picture.'),
    304: { description: 'Not modified (If-None-Match matched the ETag).' },
    400: commonErrors()[400],
    ...notFoundContent(),
    500: commonErrors()[500],
  },
});

export const getImage = createRoute({
  method: 'get',
  path: '/images/{imageId}',
  operationId: 'getDealImage',
  tags: ['Images'],
  summary: 'A deal image, largest JPEG (public)',
  description: `The deal image as a JPEG ${IMAGE_WIDTHS.at(-1)} pixels wide: the address images had before they came in several widths and formats. Cached for a day.`,
  security: [],
  request: { params: z.object({ imageId }) },
  responses: {
    200: picture('The picture.'),
    304: { description: 'Not modified (If-None-Match matched the ETag).' },
    400: commonErrors()[400],
    ...notFoundContent(),
    500: commonErrors()[500],
  },
});

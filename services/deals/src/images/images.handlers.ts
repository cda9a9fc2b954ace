/**
 * Serves deal images: the picture at the asked width and format (render.ts draws it once per
 * process), with an ETag, a year's immutable cache for the current render version, and 304 for a
 * matching If-None-Match. Public: registered before the service-token check.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { notFoundProblem, problemResponse } from '@shop/platform';
import type { DealsDeps } from '../lib/deps.ts';
import { renderImage, type RenderedImage } from './render.ts';
import * as routes from './images.routes.ts';
import { findImageSource } from './images.store.ts';
import { IMAGE_WIDTHS, RENDER_VERSION, type ImageFormat, type ImageWidth } from './scene.ts';

const YEAR = 'public, max-age=31536000, immutable';
const DAY = 'public, max-age=86400';
const notFound = () => notFoundProblem('Sorry, we could not find that image.');

function answer(c: Context, image: RenderedImage, cacheControl: string): Response {
  const headers = { etag: image.etag, 'cache-control': cacheControl, 'x-content-type-options': 'nosniff' };
  const asked = c.req.header('if-none-match');
  if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === image.etag)) return c.body(null, 304, headers);
  return c.body(image.body as Uint8Array<ArrayBuffer>, 200, { ...headers, 'content-type': image.contentType });
}

export function registerImageRoutes(app: OpenAPIHono, deps: DealsDeps): void {
  app.openapi(routes.getImageVariant, async (c) => {
    const { imageId, version, file } = c.req.valid('param');
    const source = await findImageSource(deps.db, Number(imageId));
    if (!source) return problemResponse(c, notFound());
    const [, width, format] = routes.FILE_PATTERN.exec(file)!;
    const image = await renderImage(source, Number(width) as ImageWidth, format as ImageFormat);
    // An older version's url (a page cached before a redraw) gets today's picture, briefly cached.
    return answer(c, image, version === `v${RENDER_VERSION}` ? YEAR : DAY);
  });

  app.openapi(routes.getImage, async (c) => {
    const source = await findImageSource(deps.db, Number(c.req.valid('param').imageId));
    if (!source) return problemResponse(c, notFound());
    return answer(c, await renderImage(source, IMAGE_WIDTHS.at(-1)!, 'jpg'), DAY);
  });
}

/**
 * Deal images drawn on request, at the width and in the format a page asks for, and kept.
 *
 * Why on request and not at seed time: 7 widths × 2 formats of 1,500 deals is 21,000 encodings
 * (minutes of CPU, ~300 MB), most never asked for; a 100,000-deal bench catalogue would be far
 * worse. The seed writes only the scene (a ~150-byte JSON recipe per deal), so `npm start` and the
 * seed stay as fast as before, and a picture costs ~15–60 ms the first time it is asked for.
 * After that: this process keeps the bytes (an LRU of at most IMAGE_CACHE_BYTES), concurrent asks
 * for one picture share one drawing, and the urls are immutable (the render version is in them),
 * so browsers and any CDN keep them for a year. Another process draws the same bytes from the
 * same scene (deterministic), so nothing here is needed by another process.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { composeScene } from './compose.ts';
import { IMAGE_FORMATS, RENDER_VERSION, SCENE_WIDTH, type ImageFormat, type ImageWidth, type Scene } from './scene.ts';

/** The bytes kept in memory: roughly 2,000 card-sized pictures. */
const IMAGE_CACHE_BYTES = 48 * 1024 * 1024;

/** Pictures drawn at once: each uses libuv's thread pool, which file reads share. */
const RENDERS_AT_ONCE = 2;

export interface RenderedImage {
  body: Uint8Array;
  contentType: string;
  /** A strong validator of the bytes. */
  etag: string;
}

/** What is drawn: a scene, or an SVG stored before scenes existed. */
export type ImageSource = { kind: 'scene'; scene: Scene } | { kind: 'svg'; svg: string };

const limit = pLimit(RENDERS_AT_ONCE);

interface DrawInput {
  source: ImageSource;
  width: ImageWidth;
  format: ImageFormat;
}

const cache = new LRUCache<string, RenderedImage, DrawInput>({
  maxSize: IMAGE_CACHE_BYTES,
  sizeCalculation: (value) => Math.max(1, value.body.byteLength),
  // lru-cache runs one fetch per key at a time: concurrent asks for a picture share its drawing.
  fetchMethod: async (_key, _stale, { context }) => limit(() => draw(context)),
});

async function draw({ source, ...input }: DrawInput): Promise<RenderedImage> {
  const svg = source.kind === 'scene' ? await composeScene(source.scene) : source.svg;
  // librsvg draws the vector picture straight at the asked width (no large bitmap scaled down).
  const intrinsic = source.kind === 'scene' ? SCENE_WIDTH : svgWidth(source.svg);
  let pipeline = sharp(Buffer.from(svg), { density: Math.min(2400, Math.max(1, (72 * input.width) / intrinsic)) }).resize({ width: input.width, withoutEnlargement: false });
  pipeline = input.format === 'webp' ? pipeline.webp({ quality: 78, effort: 4 }) : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
  const body = new Uint8Array(await pipeline.toBuffer());
  return { body, contentType: IMAGE_FORMATS[input.format], etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** The width an SVG says it is (its width attribute or viewBox), 800 when it says neither. */
function svgWidth(svg: string): number {
  const head = svg.slice(0, 400);
  const width = /\swidth="(\d+(?:\.\d+)?)"/.exec(head)?.[1] ?? /viewBox="[\d.]+ [\d.]+ ([\d.]+) /.exec(head)?.[1];
  return width ? Number(width) : 800;
}

/**
 * The picture of `source` at `width` in `format`, drawn once per process and kept. Kept by what
 * is drawn (not by image id), so a scene that changes is drawn anew.
 */
export async function renderImage(source: ImageSource, width: ImageWidth, format: ImageFormat): Promise<RenderedImage> {
  const what = createHash('sha1').update(source.kind === 'scene' ? JSON.stringify(source.scene) : source.svg).digest('base64url');
  const image = await cache.fetch(`${RENDER_VERSION}:${what}:${width}.${format}`, { context: { source, width, format } });
  if (!image) throw new Error('The image could not be drawn');
  return image;
}

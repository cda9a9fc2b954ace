import sharp from 'sharp';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { DealSchema } from '../contract.ts';
import { seededEmojiNames, seededScene, upgradeSeededImages } from '../seed/images.ts';
import { dealsFixture } from '../test/deals-fixture.ts';
import { emojiNames } from './noto.ts';
import { IMAGE_WIDTHS, parseScene, RENDER_VERSION, SCENE_CONTENT_TYPE } from './scene.ts';

/** The picture's own size and format, read from its bytes. */
async function pictureOf(res: Response) {
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

describe.each(testDatabases())('deal images on %s', (_name, open) => {
  const f = suiteFixture(() => dealsFixture(open, 120), (fixture) => fixture.database.close());

  it('a deal lists its picture at every width, WebP first and JPEG as the fallback, 3:2 with its alt', async () => {
    const deal = DealSchema.parse(await f.json('/deal/1'));
    const base = `/api/deals/images/${1}/v${RENDER_VERSION}`;
    expect(deal.image).toMatchObject({ imageUrl: `${base}/1200.jpg`, extension: 'jpg', width: 1200, height: 800 });
    expect(deal.image.alt.length).toBeGreaterThan(3);
    expect(deal.image.srcset).toBe(IMAGE_WIDTHS.map((w) => `${base}/${w}.jpg ${w}w`).join(', '));
    expect(deal.image.sources).toEqual([{ type: 'image/webp', srcset: IMAGE_WIDTHS.map((w) => `${base}/${w}.webp ${w}w`).join(', ') }]);
  });

  it('serves each srcset candidate with its content type, its width, a year of immutable cache and an ETag (304 when it matches)', async () => {
    const deal = DealSchema.parse(await f.json('/deal/2'));
    const candidates = [...deal.image.srcset.split(', '), ...deal.image.sources[0]!.srcset.split(', ')].map((c) => c.split(' ')) as Array<[string, string]>;
    for (const [url, descriptor] of candidates.filter(([, d]) => ['240w', '720w'].includes(d))) {
      const res = await f.app.request(url.replace('/api/deals', ''));
      expect(res.status, url).toBe(200);
      const webp = url.endsWith('.webp');
      expect(res.headers.get('content-type')).toBe(webp ? 'image/webp' : 'image/jpeg');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const etag = res.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      const width = Number(descriptor.replace('w', ''));
      expect(await pictureOf(res)).toEqual({ format: webp ? 'webp' : 'jpeg', width, height: (width * 2) / 3 });
      const again = await f.app.request(url.replace('/api/deals', ''), { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
    }
  });

  it('the same picture twice is the same bytes (deterministic), and an older render version is served with a short cache', async () => {
    const a = await f.app.request(`/images/3/v${RENDER_VERSION}/360.webp`);
    const b = await f.app.request('/images/3/v0/360.webp');
    expect(b.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(Buffer.from(await b.arrayBuffer()).equals(Buffer.from(await a.arrayBuffer()))).toBe(true);
  });

  it('bad image addresses answer 400 naming the part, unknown images 404, never 500', async () => {
    for (const [path, field] of [['/images/1/v1/500.webp', 'file'], ['/images/1/v1/480.gif', 'file'], ['/images/1/latest/480.jpg', 'version'], ['/images/x/v1/480.jpg', 'imageId']] as const) {
      const res = await f.app.request(path);
      expect(res.status, path).toBe(400);
      const body = (await res.json()) as { errors: Array<{ field: string }> };
      expect(body.errors.map((e) => e.field)).toContain(field);
    }
    expect((await f.app.request('/images/99999999/v1/480.jpg')).status).toBe(404);
    expect(f.logged).toEqual([]);
  });

  it('a catalogue seeded before scenes gets its pictures redrawn at start (idempotent), the merchant named unless the picture is shared', async () => {
    const db = f.db;
    const oldSvg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500" role="img"><rect width="800" height="500" fill="#f00"/></svg>';
    // Two deals as they were seeded before: their own old SVG; a third deal shares the second one's.
    await db.withSchema('deals').updateTable('image').set({ scene: null, body: oldSvg, content_type: 'image/svg+xml', width: 800, height: 500 }).where('id', 'in', [4, 5]).execute();
    await db.withSchema('deals').updateTable('deal').set({ image_id: 5 }).where('id', '=', 6).execute();
    expect(await upgradeSeededImages(db)).toBe(2);
    expect(await upgradeSeededImages(db)).toBe(0);
    const rows = await db.withSchema('deals').selectFrom('image').select(['id', 'scene', 'body', 'content_type']).where('id', 'in', [4, 5]).orderBy('id').execute();
    const merchantOf4 = await sql<{ name: string }>`select m.name from deals.deal d join deals.merchant m on m.id = d.merchant_id where d.id = 4`.execute(db);
    expect(rows.map((r) => [r.content_type, r.body, parseScene(r.scene)?.label])).toEqual([
      [SCENE_CONTENT_TYPE, null, merchantOf4.rows[0]!.name],
      [SCENE_CONTENT_TYPE, null, null],
    ]);
    const res = await f.app.request('/images/4/v1/240.jpg');
    expect(res.headers.get('content-type')).toBe('image/jpeg');
  });
});

describe('seeded scenes', () => {
  const facts = (over: Partial<Parameters<typeof seededScene>[0]>) => ({ dealId: 7, scope: 'local' as const, category: 'restaurants-food', sub: 'italian', title: 'Three-Course Italian Meal for Two', alt: 'A table laid with fresh pasta at Trattoria Lucca', merchant: 'Trattoria Lucca', ...over });

  it('deals of different categories get different subjects in different settings', () => {
    const pasta = seededScene(facts({}));
    const spa = seededScene(facts({ category: 'spa', sub: 'spa-days', title: 'Spa Day with Treatment and Lunch at Serenity Day Spa', alt: 'Spa Day at Serenity Day Spa', merchant: 'Serenity Day Spa' }));
    const headphones = seededScene(facts({ scope: 'shop', category: 'electricals', sub: 'headphones-audio', title: 'Wireless Noise-Cancelling Headphones', alt: 'Wireless Noise-Cancelling Headphones', merchant: 'Urban Gadget Store' }));
    const highlands = seededScene(facts({ scope: 'travel', category: 'scotland-breaks', sub: 'scottish-highlands', title: '4* Aviemore Stay with Breakfast', alt: 'The Glen Lodge in Aviemore', merchant: 'The Glen Lodge, Aviemore' }));
    expect([pasta, spa, headphones, highlands].map((s) => [s.setting, s.hero.replace(/-(light|medium-light|medium|medium-dark|dark)-skin-tone$/, ''), s.label])).toEqual([
      ['table', 'spaghetti', 'Trattoria Lucca'],
      ['spa', 'person-in-steamy-room', 'Serenity Day Spa'],
      ['product', 'headphone', 'Urban Gadget Store'],
      ['mountains', 'snow-capped-mountain', 'The Glen Lodge, Aviemore'],
    ]);
  });

  it('reads the dish, the product and the drink from the copy', () => {
    expect(seededScene(facts({ alt: 'A table laid with wood-fired pizza at Rosa' })).hero).toBe('pizza');
    expect(seededScene(facts({ sub: 'seafood', alt: 'A table laid with langoustines at Crab & Creel' })).hero).toBe('lobster');
    expect(seededScene(facts({ title: 'Three-Course Italian Meal with Prosecco for Two' })).props[0]).toBe('bottle-with-popping-cork');
    expect(seededScene(facts({ scope: 'shop', category: 'home-garden', sub: 'kitchenware', title: 'Cast Iron Casserole Dish', alt: 'Cast Iron Casserole Dish' })).hero).toBe('pot-of-food');
    expect(seededScene(facts({ scope: 'travel', category: 'europe', sub: 'central-europe', title: '4* Amsterdam Break with Flights', alt: 'The Bay Hotel in Amsterdam' })).props).toContain('airplane');
  });

  it('is deterministic per deal', () => {
    expect(seededScene(facts({}))).toEqual(seededScene(facts({})));
    expect(seededScene(facts({ dealId: 8 })).seed).not.toBe(seededScene(facts({})).seed);
  });

  it('names only emoji the Noto set has (every motif, every skin tone)', async () => {
    const all = await emojiNames();
    expect([...seededEmojiNames()].filter((name) => !all.has(name))).toEqual([]);
  });
});

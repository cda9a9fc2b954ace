/**
 * The map view's configured tiles (MAP_TILE_URL): the image source the pages' Content-Security-
 * Policy gains for them, and nothing more.
 */
import { describe, expect, it } from 'vitest';
import { shopPageCsp, tileImageSource } from '../../security/headers.ts';

describe('map tiles in the Content-Security-Policy', () => {
  it.each([
    ['https://tiles.example/{z}/{x}/{y}.png', 'https://tiles.example'],
    ['https://{s}.tile.example:8443/styles/{z}/{x}/{y}@2x.png', 'https://*.tile.example:8443'],
    ['http://127.0.0.1:9000/{z}/{x}/{y}.png', 'http://127.0.0.1:9000'],
  ])('%s → %s', (template, source) => expect(tileImageSource(template)).toBe(source));

  it('adds the tiles to img-src only', () => {
    const csp = shopPageCsp({ nonce: 'n', publicOrigin: 'https://shop.example', frames: [], images: ['https://tiles.example'] });
    expect(csp).toContain("img-src 'self' data: https://tiles.example;");
    expect(csp).toContain("connect-src 'self';");
    expect(csp.match(/tiles\.example/g)).toHaveLength(1);
    expect(shopPageCsp({ nonce: 'n', publicOrigin: 'https://shop.example', frames: [] })).toContain("img-src 'self' data:;");
  });
});

/**
 * A deal's picture as the pages draw it: WebP through <source>, JPEG in the <img>, each with the
 * place's sizes, and the intrinsic width and height (issue 19 point 10).
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DealPicture, IMAGE_SIZES } from './DealImage.tsx';

const base = '/api/deals/images/7/v1';
const IMG = {
  url: `${base}/1200.jpg`,
  alt: 'A table laid with fresh pasta at Trattoria Lucca',
  width: 1200,
  height: 800,
  srcSet: `${base}/240.jpg 240w, ${base}/1200.jpg 1200w`,
  sources: [{ type: 'image/webp', srcSet: `${base}/240.webp 240w, ${base}/1200.webp 1200w` }],
};

describe('DealPicture', () => {
  afterEach(cleanup);

  it('lists the modern format first, the JPEG fallback in the img, with sizes, width and height', () => {
    const { container } = render(<DealPicture img={IMG} sizes={IMAGE_SIZES.card} lazy />);
    const source = container.querySelector('picture > source')!;
    expect(source.getAttribute('type')).toBe('image/webp');
    expect(source.getAttribute('srcset')).toBe(IMG.sources[0]!.srcSet);
    expect(source.getAttribute('sizes')).toBe(IMAGE_SIZES.card);
    const img = container.querySelector('picture > img')!;
    expect(img.getAttribute('src')).toBe(IMG.url);
    expect(img.getAttribute('srcset')).toBe(IMG.srcSet);
    expect(img.getAttribute('sizes')).toBe(IMAGE_SIZES.card);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1200', '800']);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('alt')).toBe(IMG.alt);
  });

  it('a card hides it from screen readers (alt=""); the page picture is fetched first', () => {
    const card = render(<DealPicture img={IMG} sizes={IMAGE_SIZES.card} alt="" />);
    expect(card.container.querySelector('img')!.getAttribute('alt')).toBe('');
    cleanup();
    const page = render(<DealPicture img={IMG} sizes={IMAGE_SIZES.dealPage} priority />);
    const img = page.container.querySelector('img')!;
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBe('eager');
  });
});

import { describe, expect, it } from 'vitest';
import { campaignSlugOf, dealPreviewPath, previewDealIdOf, previewStatusText } from './deal-preview.ts';
import { pageTypeOf } from './paths.ts';
import { showSubscribePopup } from './popup.ts';

describe('deal preview paths (spec §2: the dealPreview parameter; deal-preview reads as deals)', () => {
  it.each([
    ['/deals/glasgow/beauty/spa/950000001/spring-launch.html', '/deal-preview/glasgow/beauty/spa/950000001/spring-launch.html'],
    ['/deals/shop/electricals/42/tv.html', '/deal-preview/shop/electricals/42/tv.html'],
    ['/deals/glasgow/beauty/spa/7/x.html?ref=1', '/deal-preview/glasgow/beauty/spa/7/x.html?ref=1'],
  ])('%s → %s', (url, preview) => {
    expect(dealPreviewPath(url)).toBe(preview);
    expect(pageTypeOf(preview.split('?')[0]!)).toBe('dealPreview');
  });

  it.each([
    ['/deal-preview/glasgow/beauty/spa/950000001/spring-launch.html', '', 950000001],
    ['/deals/glasgow/beauty/spa/950000001/spring-launch.html', '?dealPreview', 950000001],
    ['/deals/glasgow/beauty/spa/950000001/spring-launch.html', '?dealPreview=true', 950000001],
    ['/deals/glasgow/beauty/spa/950000001/spring-launch.html', '', null],
    ['/deals/glasgow/beauty', '?dealPreview', null],
    ['/deal-preview/glasgow/beauty', '', null],
    ['/welcome', '?dealPreview', null],
  ])('previewDealIdOf(%s, %s) = %s', (path, search, id) => {
    expect(previewDealIdOf(path, search)).toBe(id);
  });

  it('the banner says where the deal stands; a scheduled time is London time', () => {
    expect(previewStatusText('DRAFT', null)).toBe('This deal is a draft: it is not scheduled to go live yet.');
    // 09:00 UTC in summer is 10:00 in London (BST).
    expect(previewStatusText('SCHEDULED', '2027-06-01T09:00:00.000Z')).toBe('This deal goes live on Tuesday 1 June 2027 at 10:00.');
    expect(previewStatusText('SCHEDULED', '2027-01-05T09:00:00.000Z')).toBe('This deal goes live on Tuesday 5 January 2027 at 09:00.');
    expect(previewStatusText('CLOSED', null)).toMatch(/closed/);
  });
});

describe('the paid-campaign page (spec §2 page type ppc)', () => {
  it.each([
    ['?campaign=glasgow-spa-days', 'glasgow-spa-days'],
    ['?utm_campaign=Glasgow-Spa-Days&utm_source=google', 'glasgow-spa-days'],
    ['?campaign=spring&utm_campaign=other', 'spring'],
    ['?campaign=<script>', null],
    ['?campaign=bad--slug', null],
    ['?campaign=', null],
    ['', null],
    [`?campaign=${'a'.repeat(61)}`, null],
  ])('campaignSlugOf(%s) = %s', (search, slug) => {
    expect(campaignSlugOf(search)).toBe(slug);
  });

  it('/welcome is page type ppc, and the subscribe popup never shows there, whatever the campaign', () => {
    const anonymous = { finished: true, authenticated: false };
    for (const search of ['', '?campaign=glasgow-spa-days', '?utm_campaign=x&utm_source=google']) {
      expect(pageTypeOf('/welcome', search)).toBe('ppc');
      expect(showSubscribePopup({ pathname: '/welcome', search, auth: anonymous as never, cookies: [] })).toBe(false);
    }
    // The same visitor on a deals page does get it: the rule above is what keeps it away.
    expect(showSubscribePopup({ pathname: '/deals/glasgow', auth: anonymous as never, cookies: [] })).toBe(true);
  });
});

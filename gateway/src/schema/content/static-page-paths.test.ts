import { describe, expect, it } from 'vitest';
import { staticPageSlugOf } from './static-page-paths.ts';

describe('staticPageSlugOf', () => {
  it.each([
    ['/page/aboutus', 'aboutus'],
    ['/page/e-commerceterms', 'e-commerceterms'],
    ['/page/regulated-finance-complaints.html', 'regulated-finance-complaints.html'],
    ['/page/aboutus/', 'aboutus'],
    ['/editorial-team', 'editorial-team'],
    ['/discountcodes', 'discountcodes'],
    ['/page', null],
    ['/page/', null],
    ['/page/About', null],
    ['/page/a/b', null],
    ['/page/..', null],
    ['/deals/glasgow', null],
    [`/page/${'a'.repeat(81)}`, null],
  ])('%s → %s', (path, slug) => {
    expect(staticPageSlugOf(path)).toBe(slug);
  });
});

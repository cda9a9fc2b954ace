/**
 * Which shop paths are static or content pages, and their slug: /page/{slug} (spec §2) and the
 * content pages with a path of their own (/editorial-team, /discountcodes). For the server's
 * page resolver (html/shop-pages.ts): a path with a slug is 200 with STATIC_PAGE_HEAD_QUERY's
 * title and description when `staticPage` is non-null, else 404.
 */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.html)?$/;
const CONTENT_PATHS: Record<string, string> = { '/editorial-team': 'editorial-team', '/discountcodes': 'discountcodes' };

/** The page slug of a path, or null when the path is not a static or content page. */
export function staticPageSlugOf(pathname: string): string | null {
  const own = CONTENT_PATHS[pathname.replace(/\/+$/, '')];
  if (own) return own;
  const m = /^\/page\/([^/]+)\/?$/.exec(pathname);
  return m && m[1]!.length <= 80 && SLUG.test(m[1]!) ? m[1]! : null;
}

export const STATIC_PAGE_HEAD_QUERY = 'query ShopHeadStaticPage($slug: String!) { staticPage(slug: $slug) { title description path } }';

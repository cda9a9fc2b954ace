import { useLayoutEffect } from 'react';
import { siteIsVip, themeFor, themeLocationOf } from '@shop/domain';

const SITE_KEY = 'td:site';

/**
 * The `site` the visit arrived with (?site=…, spec §2), kept for the rest of the visit in
 * sessionStorage: it only decides how the shop looks (the PECR 'appearance' exception).
 */
function visitSite(search: string): string | null {
  const fromUrl = new URLSearchParams(search).get('site');
  try {
    if (fromUrl) sessionStorage.setItem(SITE_KEY, fromUrl);
    return fromUrl ?? sessionStorage.getItem(SITE_KEY);
  } catch {
    return fromUrl; // storage blocked: the url alone decides
  }
}

/**
 * Sets <html data-theme> from domain's themeFor on every route change, before paint (so the
 * first frame already wears the right colours). The styles are in styles/shell.css.
 */
export function useDocumentTheme(pathname: string, search = ''): void {
  useLayoutEffect(() => {
    const vip = siteIsVip(visitSite(search));
    document.documentElement.dataset.theme = themeFor({ now: new Date(), location: themeLocationOf(pathname), siteIsVip: vip });
  }, [pathname, search]);
}

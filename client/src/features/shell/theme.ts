import { useLayoutEffect } from 'react';
import { themeFor, themeLocationOf } from '@shop/domain';

/**
 * Sets <html data-theme> from domain's themeFor on every route change, before paint (so the
 * first frame already wears the right colours). The styles are in styles/shell.css.
 */
export function useDocumentTheme(pathname: string): void {
  useLayoutEffect(() => {
    // TODO(#3): pass the `site` lookup's VIP flag once that lookup exists (spec §2 query parameters).
    document.documentElement.dataset.theme = themeFor({ now: new Date(), location: themeLocationOf(pathname), siteIsVip: false });
  }, [pathname]);
}

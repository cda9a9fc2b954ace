import { Link } from 'react-router';
import { displayLocation, locationPath } from '@shop/domain';
import { LogoMark } from './Logo.tsx';
import { SITE_NAME } from '../lib/text.ts';
import { features } from '../features/shell/features.ts';
import { CountdownBar } from '../features/shell/CountdownBar.tsx';
import { ScotlandNotice } from '../features/shell/ScotlandNotice.tsx';
import { SearchBox } from '../features/shell/SearchBox.tsx';
import { SubscribeBox } from '../features/shell/SubscribeBox.tsx';
import { AccountMenu } from '../features/shell/AccountMenu.tsx';
import { WishlistLink } from '../features/shell/WishlistLink.tsx';
import { AppDownloadLink } from '../features/shell/AppDownloadLink.tsx';
import { BasketLink } from '../features/buying/BasketLink.tsx';
import { useViewer } from '../features/accounts/auth.ts';

/** The location switcher's entries (spec §2 locations; national-deal shows as shop). */
export const LOCATIONS = [
  { slug: 'glasgow', name: 'Glasgow' },
  { slug: 'edinburgh', name: 'Edinburgh' },
  { slug: 'aberdeen', name: 'Aberdeen' },
  { slug: 'shop', name: 'Shop' },
  { slug: 'travel', name: 'Travel' },
] as const;

/** The location slug of a /deals/{location}/… path, with national urls shown as shop. */
export function currentLocationOf(pathname: string): string | null {
  const [type, location] = pathname.split('/').filter(Boolean);
  return type === 'deals' && location ? displayLocation(location) : null;
}

/**
 * The site header (spec §2): the optional deals-refresh countdown, the Scotland notice, the
 * logo, search, app link (feature-switched), wish list and account menu, the location
 * switcher and the subscribe box. The account menu greets the signed-in shopper; while the auth
 * check runs (and for guests) it reads 'My account'.
 */
export function SiteHeader({ pathname }: { pathname: string }) {
  const current = currentLocationOf(pathname);
  const viewer = useViewer();
  return (
    <header className="site-header">
      {features.countdown && <CountdownBar />}
      <ScotlandNotice />
      <div className="container site-header__grid">
        <Link to={locationPath(current ?? 'glasgow')} className="logo site-header__logo">
          <LogoMark />
          <span className="logo__word">
            <span className="logo__thistle">Thistle</span> Deals
          </span>
          <span className="visually-hidden">, home</span>
        </Link>
        <SearchBox />
        <div className="site-header__actions">
          <AppDownloadLink />
          <WishlistLink viewer={viewer} />
          <BasketLink viewerId={viewer?.id ?? null} />
          <AccountMenu viewer={viewer} />
        </div>
        <div className="site-header__row">
          <nav aria-label="Locations" className="location-switcher site-header__locations">
            <ul>
              {LOCATIONS.map((l) => {
                const href = locationPath(l.slug);
                const isCurrent = current === l.slug;
                return (
                  <li key={l.slug}>
                    <Link to={href} aria-current={isCurrent ? (pathname === href ? 'page' : 'true') : undefined}>
                      {l.name}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <SubscribeBox />
        </div>
      </div>
    </header>
  );
}

export { SITE_NAME };

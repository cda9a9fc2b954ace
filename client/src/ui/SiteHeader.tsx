import { useCallback, useRef, useState } from 'react';
import { LOCATIONS } from './locations.ts';
import { Link } from 'react-router';
import { displayLocation, locationPath } from '@shop/domain';
import { LogoLink } from './Logo.tsx';
import { features } from '../features/shell/features.ts';
import { CountdownBar } from '../features/shell/CountdownBar.tsx';
import { ScotlandNotice } from '../features/shell/ScotlandNotice.tsx';
import { SearchBox } from '../features/shell/SearchBox.tsx';
import { SubscribeBox } from '../features/shell/SubscribeBox.tsx';
import { AccountMenu } from '../features/shell/AccountMenu.tsx';
import { LoyaltyPanel } from '../features/rewards/LoyaltyPanel.tsx';
import { WishlistLink } from '../features/shell/WishlistLink.tsx';
import { AppDownloadLink } from '../features/shell/AppDownloadLink.tsx';
import { BasketLink } from '../features/buying/BasketLink.tsx';
import { useViewer } from '../features/accounts/auth.ts';
import { useDismiss } from '../features/shell/use-dismiss.ts';

/** The location switcher's entries (spec §2 locations; national-deal shows as shop). */

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
 *
 * On phones (under the spec's sm breakpoint, 576 px) the header is compact so the first deals
 * show on the first screen: one row of logo and icon buttons, the search under it, and the
 * locations and the subscribe box behind a Menu button (a disclosure: Escape or a press outside
 * the header closes it, and so does moving to another page). From sm up the button is not shown
 * and the header is as it always was.
 */
export function SiteHeader({ pathname }: { pathname: string }) {
  const current = currentLocationOf(pathname);
  const viewer = useViewer();
  // The page the phone menu was opened on: another page closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const header = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuOpenOn(null);
    // Escape gives the focus back to the button only from the menu itself (not, say, the search).
    const from = document.activeElement;
    if (returnFocus && (from === menuButton.current || menu.current?.contains(from))) menuButton.current?.focus();
  }, [setMenuOpenOn]);
  useDismiss(header, menuOpen, closeMenu);
  return (
    <header className="site-header" ref={header}>
      {features.countdown && <CountdownBar />}
      <ScotlandNotice />
      <div className="container site-header__grid">
        <LogoLink to={locationPath(current ?? 'glasgow')} />
        <SearchBox />
        <div className="site-header__actions">
          <AppDownloadLink />
          <WishlistLink viewer={viewer} viewerId={viewer?.id ?? null} />
          <BasketLink viewerId={viewer?.id ?? null} />
          <LoyaltyPanel viewerId={viewer?.id ?? null} />
          <AccountMenu viewer={viewer} />
          <button
            ref={menuButton}
            type="button"
            className="header-action site-header__menu-button"
            aria-expanded={menuOpen}
            aria-controls="site-header-menu"
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              {menuOpen ? (
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              )}
            </svg>
            <span className="visually-hidden">Menu</span>
          </button>
        </div>
        <div ref={menu} id="site-header-menu" className={menuOpen ? 'site-header__row site-header__row--open' : 'site-header__row'}>
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


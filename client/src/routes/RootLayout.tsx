import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { pageTypeOf } from '@shop/domain';
import { SiteHeader, currentLocationOf } from '../ui/SiteHeader.tsx';
import { SiteFooter } from '../ui/SiteFooter.tsx';
import { RouteAnnouncer } from '../ui/RouteAnnouncer.tsx';
import { PageSkeleton } from '../ui/Skeleton.tsx';
import { Main } from '../ui/Main.tsx';
import { useDocumentTheme } from '../features/shell/theme.ts';
import { ConsentBanner } from '../features/consent/ConsentBanner.tsx';
import { layoutHasReducedHeader, layoutOf } from '@shop/domain/layouts';
import { ReducedHeader } from '../features/layouts/ReducedHeader.tsx';
import { SubscribePopup } from '../features/popup/SubscribePopup.tsx';
import { FlashMessage } from '../ui/FlashMessage.tsx';
import { ShellToasts } from '../features/shell/ShellToasts.tsx';
import { CreditClaim } from '../features/credit/CreditClaim.tsx';

/**
 * The pages behind the account emails' sign-in links (domain ACCOUNT_LINK_PATHS) are sign-in
 * pages too: they get the login layout's reduced header. (Listed here, not imported from
 * domain's accounts module, which carries the form schemas.)
 */
const AUTH_LINK_PAGES = new Set(['/confirm-email', '/reset-password', '/activate-account']);

/**
 * The shell around every page: skip link, header, footer, the route announcer, scroll
 * restoration, <html data-page-type> from domain's pageTypeOf and <html data-theme> from
 * domain's themeFor on every route change.
 */
export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();

  useEffect(() => {
    document.documentElement.dataset.pageType = pageTypeOf(location.pathname, location.search);
    document.documentElement.dataset.layout = layoutOf(location.pathname, location.search);
  }, [location.pathname, location.search]);
  // Login and checkout layouts (spec §2) get a reduced header; the others the full one.
  const reducedHeader = layoutHasReducedHeader(layoutOf(location.pathname, location.search)) || AUTH_LINK_PAGES.has(location.pathname);
  useDocumentTheme(location.pathname, location.search);

  // Moving to another location (or out of /deals) swaps the whole page area for a placeholder
  // while the next route's code and query start; within a location, LocationLayout does it.
  const next = navigation.state === 'loading' ? navigation.location : undefined;
  const leavingLocation =
    next !== undefined &&
    next.pathname !== location.pathname &&
    (currentLocationOf(next.pathname) !== currentLocationOf(location.pathname) || currentLocationOf(next.pathname) === null);

  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <ConsentBanner pathname={location.pathname} />
      {reducedHeader ? <ReducedHeader /> : <SiteHeader pathname={location.pathname} />}
      <FlashMessage />
      {leavingLocation ? (
        <Main>
          <PageSkeleton />
        </Main>
      ) : (
        <Outlet />
      )}
      <SiteFooter />
      <RouteAnnouncer />
      <SubscribePopup />
      {/* Toasts any feature can show; the credit link watcher (spec §2 credit_validation) shows its own there. */}
      <ShellToasts />
      <CreditClaim />
      {/* A full page load always has the key 'default': key those by url, or every fresh page
          would open at the scroll position of the last page loaded in this tab. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? `${location.pathname}${location.search}` : location.key)} />
    </>
  );
}

/** What shows while the first page's code and query start (before the router's first render). */
export function RootHydrateFallback() {
  useDocumentTheme(window.location.pathname);
  return (
    <>
      <SiteHeader pathname={window.location.pathname} />
      <Main>
        <PageSkeleton />
      </Main>
    </>
  );
}

import { Link } from 'react-router';
import { displayLocation, locationPath } from '@shop/domain';
import { LogoMark } from './Logo.tsx';
import { SITE_NAME } from '../lib/text.ts';

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

export function SiteHeader({ pathname }: { pathname: string }) {
  const current = currentLocationOf(pathname);
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={locationPath(current ?? 'glasgow')} className="logo">
          <LogoMark />
          <span className="logo__word">
            <span className="logo__thistle">Thistle</span> Deals
          </span>
          <span className="visually-hidden">, home</span>
        </Link>
        <nav aria-label="Locations" className="location-switcher">
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
      </div>
    </header>
  );
}

export { SITE_NAME };

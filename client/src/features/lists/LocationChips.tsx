import { Link, useLocation } from 'react-router';
import { LOCATIONS } from '../../ui/locations.ts';

/**
 * The location switcher of a list outside /deals/{location} (early-bird, recommended, recently
 * viewed): chips that set ?location= (and start again at the first page).
 */
export function LocationChips({ current, label = 'Choose a location' }: { current: string; label?: string }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label} className="location-chips">
      <ul className="chips">
        {LOCATIONS.map((l) => (
          <li key={l.slug}>
            <Link className="chip" to={`${pathname}?location=${l.slug}`} aria-current={l.slug === current ? 'page' : undefined} preventScrollReset>
              {l.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { Link } from 'react-router';
import { LOCATIONS } from './locations.ts';

/** Every location's deals, as chips: the way on from a page that has nothing to show (404, errors). */
export function LocationLinks() {
  return (
    <ul className="chips">
      {LOCATIONS.map((l) => (
        <li key={l.slug}>
          <Link className="chip" to={`/deals/${l.slug}`}>
            {l.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

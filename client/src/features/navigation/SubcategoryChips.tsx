import { graphql, useFragment } from 'react-relay';
import { Link, useLocation } from 'react-router';
import { formatCount } from '../../lib/text.ts';
import type { SubcategoryChips_location$key } from '../../__generated__/SubcategoryChips_location.graphql';

/** The sub-categories of the current category, from the location's navigation, as chips. */
export function SubcategoryChips({ location, category }: { location: SubcategoryChips_location$key; category: string }) {
  const data = useFragment(
    graphql`
      fragment SubcategoryChips_location on Location {
        navigation {
          shortName
          linkText
          url
          subNavigations {
            id
            linkText
            url
            count
          }
        }
      }
    `,
    location,
  );
  const { pathname } = useLocation();
  const item = data.navigation.find((n) => n.url.split('/').pop() === category || n.shortName === category);
  if (!item || item.subNavigations.length === 0) return null;
  return (
    <nav aria-label="Sub-categories" className="subcategory-chips">
      <ul className="chips">
        <li>
          <Link className="chip" to={item.url} aria-current={pathname === item.url ? 'page' : undefined}>
            All {item.linkText.toLowerCase()}
          </Link>
        </li>
        {item.subNavigations.map((sub) => (
          <li key={sub.id}>
            <Link className="chip" to={sub.url} aria-current={pathname === sub.url ? 'page' : undefined}>
              {sub.linkText}
              {sub.count > 0 ? (
                <span className="chip__count">
                  <span className="visually-hidden">, </span>
                  {formatCount(sub.count)}
                  <span className="visually-hidden"> deals</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

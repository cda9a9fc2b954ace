import { graphql, useFragment } from 'react-relay';
import { Link, useLocation } from 'react-router';
import type { CategoryNav_location$key } from '../../__generated__/CategoryNav_location.graphql';

/** True when `url` is the current page or one of its ancestors ('all' only matches exactly). */
function isCurrent(url: string, pathname: string, exact: boolean): boolean {
  return exact ? pathname === url : pathname === url || pathname.startsWith(`${url}/`);
}

/**
 * The category navigation bar of a location (spec §2 "Navigation bar"): 'all' first, then the
 * categories, each a real link. It scrolls sideways when the items do not fit.
 */
export function CategoryNav({ location }: { location: CategoryNav_location$key }) {
  const data = useFragment(
    graphql`
      fragment CategoryNav_location on Location {
        url
        navigation {
          id
          linkText
          url
          externalLink
        }
      }
    `,
    location,
  );
  const { pathname } = useLocation();
  return (
    <nav aria-label="Categories" className="category-nav">
      <div className="container">
        <ul className="category-nav__list">
          {data.navigation.map((item) => {
            const current = isCurrent(item.url, pathname, item.url === data.url);
            return (
              <li key={item.id}>
                {item.externalLink || /^https?:/.test(item.url) ? (
                  <a href={item.url}>{item.linkText}</a>
                ) : (
                  <Link to={item.url} aria-current={current ? (pathname === item.url ? 'page' : 'true') : undefined}>
                    {item.linkText}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}

import { graphql, useFragment } from 'react-relay';
import { Link, useLocation } from 'react-router';
import { vipCategoryPath } from '@shop/domain/vip';
import { formatCount } from '../../lib/text.ts';
import type { VipCategoryChips_search$key } from '../../__generated__/VipCategoryChips_search.graphql';

/**
 * The VIP categories (spec §2 page type vipCategory) as chips: /deals/vip, then every category
 * that has VIP deals now (the search's category facet over vip: true), so no chip leads to an
 * empty page.
 */
export function VipCategoryChips({ search }: { search: VipCategoryChips_search$key }) {
  const data = useFragment(
    graphql`
      fragment VipCategoryChips_search on SearchConnection {
        facets {
          type
          value
          label
          count
        }
      }
    `,
    search,
  );
  const { pathname } = useLocation();
  const categories = data.facets.filter((f) => f.type === 'CATEGORY' && f.count > 0);
  if (categories.length === 0) return null;
  return (
    <nav aria-label="VIP categories" className="subcategory-chips">
      <ul className="chips">
        <li>
          <Link className="chip" to="/deals/vip" aria-current={pathname === '/deals/vip' ? 'page' : undefined}>
            All VIP deals
          </Link>
        </li>
        {categories.map((c) => {
          const href = vipCategoryPath(c.value);
          return (
            <li key={c.value}>
              <Link className="chip" to={href} aria-current={pathname === href ? 'page' : undefined}>
                {c.label}
                <span className="chip__count">
                  <span className="visually-hidden">, </span>
                  {formatCount(c.count)}
                  <span className="visually-hidden"> {c.count === 1 ? 'deal' : 'deals'}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

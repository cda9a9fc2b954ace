import { useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { giftFinderPath } from '@shop/domain';
import { LOCATIONS } from '../../ui/locations.ts';
import { formatCount } from '../../lib/text.ts';
import type { GiftFinderFilters_finder$key } from '../../__generated__/GiftFinderFilters_finder.graphql';

interface Option {
  readonly id: string;
  readonly label: string;
  readonly count: number;
  readonly selected: boolean;
  readonly url: string;
}

/**
 * The gift finder's filters (issue 19 point 3; spec §3): who it is for, their personality, the
 * price, and where. Each is a group of links (so every filtered page has a url, and works
 * without script); the chosen one is marked as the current page and choosing it again clears it.
 * An option with no gifts (given the other filters) is shown but not offered.
 */
export function GiftFinderFilters({ finder }: { finder: GiftFinderFilters_finder$key }) {
  const f = useFragment(
    graphql`
      fragment GiftFinderFilters_finder on GiftFinder {
        location {
          slug
        }
        recipient {
          id
        }
        personality {
          id
        }
        priceBand {
          id
        }
        recipients {
          id
          label
          count
          selected
          url
        }
        personalities {
          id
          label
          count
          selected
          url
        }
        priceBands {
          id
          label
          count
          selected
          url
        }
      }
    `,
    finder,
  );
  const keep = { personality: f.personality?.id ?? null, price: f.priceBand?.id ?? null };
  const here = f.location?.slug ?? null;
  const places = [{ slug: null, name: 'Everywhere' }, ...LOCATIONS].map((l) => ({
    id: l.slug ?? 'everywhere',
    label: l.name,
    selected: l.slug === here,
    url: giftFinderPath(l.slug, f.recipient?.id ?? null, keep),
  }));
  return (
    <div className="gift-filters">
      <FilterGroup title="Who is it for?" options={f.recipients} />
      <FilterGroup title="What are they like?" options={f.personalities} />
      <FilterGroup title="How much to spend?" options={f.priceBands} />
      <FilterGroup title="Where?" options={places} clearable={false} />
    </div>
  );
}

/** `clearable`: the chosen option's link clears it (the recipient, personality and price; not the place). */
function FilterGroup({ title, options, clearable = true }: { title: string; options: ReadonlyArray<Option | Omit<Option, 'count'>>; clearable?: boolean }) {
  const headingId = useId();
  return (
    <nav className="gift-filters__group" aria-labelledby={headingId}>
      <h2 id={headingId} className="gift-filters__title">
        {title}
      </h2>
      <ul className="chips">
        {options.map((o) => {
          const count = 'count' in o ? o.count : null;
          const name = count === null ? o.label : `${o.label} (${formatCount(count)} ${count === 1 ? 'gift' : 'gifts'})`;
          if (count === 0 && !o.selected) {
            return (
              <li key={o.id}>
                <span className="chip chip--empty" aria-disabled="true">
                  {o.label} <span className="chip__count">(0)</span>
                </span>
              </li>
            );
          }
          return (
            <li key={o.id}>
              <Link className="chip" to={o.url} aria-current={o.selected ? 'page' : undefined} aria-label={o.selected && clearable ? `${name}, chosen: choose again to clear` : name} preventScrollReset>
                {o.label}
                {count === null ? null : <span className="chip__count">({formatCount(count)})</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

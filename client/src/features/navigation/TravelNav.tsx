import { useId, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link, useLocation } from 'react-router';
import { DEFAULT_FEATURES } from '@shop/domain/features';
import { NAV_BREAKPOINT_MIN_WIDTH, groupTravelNavigation, type TravelGroup } from '@shop/domain/navigation';
import { useMediaQuery } from './nav-hooks.ts';
import { Chevron } from './nav-icons.tsx';
import type { TravelNav_location$data, TravelNav_location$key } from '../../__generated__/TravelNav_location.graphql';

type Item = TravelNav_location$data['navigation'][number];

const MD_UP = `(min-width: ${NAV_BREAKPOINT_MIN_WIDTH.md}px)`;

/**
 * The travel location's second bar (spec §2): its categories split into UK Travel and
 * International Travel (the items' navigationType), labels swapped when the Ireland feature is on.
 * From md up both groups show side by side; below md each group is an accordion section.
 */
export function TravelNav({ location }: { location: TravelNav_location$key }) {
  const data = useFragment(
    graphql`
      fragment TravelNav_location on Location {
        isTravel
        navigation {
          id
          linkText
          url
          # domain's groupTravelNavigation groups the items by it
          # eslint-disable-next-line relay/unused-fields
          navigationType
        }
      }
    `,
    location,
  );
  const wide = useMediaQuery(MD_UP);
  if (!data.isTravel) return null;
  const groups = groupTravelNavigation(data.navigation, DEFAULT_FEATURES.ireland);
  if (groups.length === 0) return null;
  return (
    <nav aria-label="Travel" className="travel-nav">
      <div className="container travel-nav__inner">
        {groups.map((group) => (wide ? <TravelGroupBar key={group.type} group={group} /> : <TravelGroupAccordion key={group.type} group={group} />))}
      </div>
    </nav>
  );
}

function TravelLinks({ group, id, hidden, labelledBy }: { group: TravelGroup<Item>; id?: string; hidden?: boolean; labelledBy: string }) {
  const { pathname } = useLocation();
  return (
    <ul className="travel-nav__list" id={id} hidden={hidden} aria-labelledby={labelledBy}>
      {group.items.map((item) => (
        <li key={item.id}>
          <Link to={item.url} className="travel-nav__link" aria-current={pathname === item.url ? 'page' : pathname.startsWith(`${item.url}/`) ? 'true' : undefined}>
            {item.linkText}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function TravelGroupBar({ group }: { group: TravelGroup<Item> }) {
  const labelId = useId();
  return (
    <div className="travel-nav__group">
      <span className="travel-nav__label" id={labelId}>
        {group.label}
      </span>
      <TravelLinks group={group} labelledBy={labelId} />
    </div>
  );
}

function TravelGroupAccordion({ group }: { group: TravelGroup<Item> }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="travel-nav__group travel-nav__group--accordion">
      <button type="button" className="travel-nav__toggle" id={`${id}-button`} aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen(!open)}>
        {group.label}
        <Chevron direction="down" />
      </button>
      <TravelLinks group={group} id={`${id}-panel`} hidden={!open} labelledBy={`${id}-button`} />
    </div>
  );
}

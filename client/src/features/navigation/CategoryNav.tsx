import { useState, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link, useLocation } from 'react-router';
import { Chevron, NavIcon } from './nav-icons.tsx';
import { DEFAULT_FEATURES } from '@shop/domain/features';
import { NAV_BREAKPOINTS, navHoverDelay, navOverflowBreakpoints, navVisibleCount, showVipCrown } from '@shop/domain/navigation';
import { useAuthState } from './nav-session.ts';
import { useNavPopover, useScrollEdges } from './nav-hooks.ts';
import type { CategoryNav_location$data, CategoryNav_location$key } from '../../__generated__/CategoryNav_location.graphql';
import '../../styles/nav.css';

type Item = CategoryNav_location$data['navigation'][number];

/** True when `url` is the current page or one of its ancestors ('all' only matches exactly). */
function isCurrent(url: string, pathname: string, exact: boolean): boolean {
  return exact ? pathname === url : pathname === url || pathname.startsWith(`${url}/`);
}

const isExternal = (item: { url: string; externalLink?: boolean }) => item.externalLink === true || /^https?:/.test(item.url);

/**
 * The category navigation bar of a location (spec §2 "Navigation bar"): the local 'all' item
 * first, then the categories, each a real link with a popover of its sub-categories; the items
 * past the breakpoint's count (domain's NAV_OVERFLOW_COUNTS) go under "More"; then the gift item
 * and the VIP crown. Below md every item stays in the bar, which scrolls sideways, with arrows
 * when it is scrolled away from an edge. Which items sit in the bar or under More is decided in
 * CSS per breakpoint (classes from domain's rule), so nothing is measured.
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
          showPopover
          # navigationType: travel items open their popover without delay (domain's navHoverDelay reads it)
          # eslint-disable-next-line relay/unused-fields
          navigationType
          subNavigations {
            id
            linkText
            url
          }
        }
      }
    `,
    location,
  );
  const { pathname } = useLocation();
  const auth = useAuthState();
  const [list, setList] = useState<HTMLUListElement | null>(null);
  const total = data.navigation.length;
  const edges = useScrollEdges(list, data.url + total);
  // The More item shows at the breakpoints where some items overflow.
  const moreAt = NAV_BREAKPOINTS.filter((bp) => navVisibleCount(bp, total) < total);
  const overflow = data.navigation.map((item, index) => ({ item, at: navOverflowBreakpoints(index, total) })).filter((o) => o.at.length > 0);
  const currentProps = (url: string, exact: boolean) => {
    const current = isCurrent(url, pathname, exact);
    return current ? { 'aria-current': pathname === url ? ('page' as const) : ('true' as const) } : {};
  };

  const scrollByPage = (direction: 1 | -1) => {
    if (!list) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    list.scrollBy({ left: direction * list.clientWidth * 0.8, behavior: reduce ? 'auto' : 'smooth' });
  };

  return (
    <nav aria-label="Categories" className="category-nav">
      <div className="container category-nav__inner">
        <button
          type="button"
          className="category-nav__arrow category-nav__arrow--start"
          aria-label="Scroll categories left"
          aria-controls="category-nav-list"
          tabIndex={-1}
          hidden={edges === 'none' || edges === 'start'}
          onClick={() => scrollByPage(-1)}
        >
          <Chevron direction="left" />
        </button>
        <ul className="category-nav__list" id="category-nav-list" ref={setList}>
          {data.navigation.map((item, index) => (
            <NavItem
              key={item.id}
              item={item}
              local={index === 0}
              className={navOverflowBreakpoints(index, total).map((bp) => `is-more-${bp}`).join(' ')}
              linkProps={currentProps(item.url, item.url === data.url)}
            />
          ))}
          {overflow.length > 0 ? (
            <MoreItem className={moreAt.map((bp) => `has-more-${bp}`).join(' ')}>
              {overflow.map(({ item, at }) => (
                <li key={item.id} className={at.map((bp) => `is-more-${bp}`).join(' ')}>
                  <NavLink item={item} linkProps={currentProps(item.url, item.url === data.url)} />
                </li>
              ))}
            </MoreItem>
          ) : null}
          <li className="category-nav__extra">
            <Link to="/gifts" className="category-nav__link" {...currentProps('/gifts', false)}>
              <GiftIcon />
              Gifts
            </Link>
          </li>
          {DEFAULT_FEATURES.vip && showVipCrown(auth) ? (
            <li className="category-nav__extra">
              <Link to="/deals/vip" className="category-nav__link category-nav__link--vip" {...currentProps('/deals/vip', false)}>
                <CrownIcon />
                VIP
              </Link>
            </li>
          ) : null}
        </ul>
        <button
          type="button"
          className="category-nav__arrow category-nav__arrow--end"
          aria-label="Scroll categories right"
          aria-controls="category-nav-list"
          tabIndex={-1}
          hidden={edges === 'none' || edges === 'end'}
          onClick={() => scrollByPage(1)}
        >
          <Chevron direction="right" />
        </button>
      </div>
    </nav>
  );
}

function NavLink({ item, linkProps, icon }: { item: Item; linkProps: object; icon?: ReactNode }) {
  return isExternal(item) ? (
    <a href={item.url} className="category-nav__link">
      {icon}
      {item.linkText}
    </a>
  ) : (
    <Link to={item.url} className="category-nav__link" {...linkProps}>
      {icon}
      {item.linkText}
    </Link>
  );
}

/** An item of the bar: a link, and when it has sub-categories a toggle for their popover. */
function NavItem({ item, local, className, linkProps }: { item: Item; local: boolean; className: string; linkProps: object }) {
  const hasPopover = item.showPopover && item.subNavigations.length > 0;
  const popover = useNavPopover(hasPopover ? navHoverDelay(item) : undefined);
  const icon = local ? <PinIcon /> : undefined;
  if (!hasPopover) {
    return (
      <li className={`category-nav__item ${className}`}>
        <NavLink item={item} linkProps={linkProps} icon={icon} />
      </li>
    );
  }
  return (
    <li className={`category-nav__item category-nav__item--popover ${className}`} data-open={popover.open || undefined} {...popover.itemProps}>
      <NavLink item={item} linkProps={linkProps} icon={icon} />
      <button className="category-nav__toggle" {...popover.buttonProps}>
        <span className="visually-hidden">{`${item.linkText} sub-categories`}</span>
        <Chevron direction="down" />
      </button>
      <div className="nav-popover" {...popover.panelProps}>
        <ul className="nav-popover__list" aria-label={`${item.linkText} sub-categories`}>
          <li>
            <Link to={item.url} className="nav-popover__link nav-popover__link--all">
              {`All ${item.linkText}`}
            </Link>
          </li>
          {item.subNavigations.map((sub) => (
            <li key={sub.id}>
              <Link to={sub.url} className="nav-popover__link">
                {sub.linkText}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

/** "More": a disclosure holding the items that do not fit at this breakpoint. */
function MoreItem({ className, children }: { className: string; children: ReactNode }) {
  const popover = useNavPopover(undefined);
  return (
    <li className={`category-nav__more ${className}`} data-open={popover.open || undefined} {...popover.itemProps}>
      <button className="category-nav__link category-nav__more-button" {...popover.buttonProps}>
        More<span className="visually-hidden"> categories</span>
        <Chevron direction="down" />
      </button>
      <div className="nav-popover nav-popover--more" {...popover.panelProps}>
        <ul className="nav-popover__list" aria-label="More categories">
          {children}
        </ul>
      </div>
    </li>
  );
}

function PinIcon() {
  return (
    <NavIcon>
      <path d="M12 22s7-6.2 7-12a7 7 0 10-14 0c0 5.8 7 12 7 12zm0-9.5a2.5 2.5 0 110-5 2.5 2.5 0 010 5z" fill="currentColor" />
    </NavIcon>
  );
}

function GiftIcon() {
  return (
    <NavIcon>
      <path d="M4 11h16v10H4zM3 7h18v4H3zM12 7v14M12 7c-1.5-3-5-3.5-5-1.5S10 7 12 7zm0 0c1.5-3 5-3.5 5-1.5S14 7 12 7z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </NavIcon>
  );
}

function CrownIcon() {
  return (
    <NavIcon className="nav-icon nav-icon--crown">
      <path d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5z" fill="currentColor" />
    </NavIcon>
  );
}

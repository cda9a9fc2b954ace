import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isSponsoredClick, parseDealPath } from '@shop/domain';
import { postSponsoredClick } from './sponsored.ts';

/** Deal page visits already credited in this page load (StrictMode runs effects twice). */
const credited = new Set<string>();

/**
 * On a deal page opened from a sponsored search result (usr_src starting sponsored_search_, spec
 * §4), posts the click with the entry stored when the result was shown. A missing entry or any
 * failure is logged and never disturbs the page.
 */
export function useSponsoredClick(dealId?: string | number | null): void {
  const { pathname, search, key } = useLocation();
  const usrSrc = new URLSearchParams(search).get('usr_src');
  const id = dealId ?? parseDealPath(pathname)?.dealId ?? null;
  useEffect(() => {
    if (!isSponsoredClick(usrSrc) || id === null) return;
    const visit = `${key}:${id}`;
    if (credited.has(visit)) return;
    credited.add(visit);
    void postSponsoredClick(id);
  }, [usrSrc, id, key]);
}

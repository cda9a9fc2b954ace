import { useLocation, useNavigate } from 'react-router';
import { parseSearchParams, poundsToPence } from '@shop/domain';
import { PriceSlider, VipToggle, type PriceFilter } from './PriceSlider.tsx';

/** A deals list's price and VIP filters in its URL: minPrice and maxPrice in pounds, vip=true. */
function listFiltersOf(search: URLSearchParams | string): { minPrice?: number; maxPrice?: number; vip: boolean } {
  const { minPrice, maxPrice, vip } = parseSearchParams(search);
  return { minPrice, maxPrice, vip: !!vip };
}

/** The same filters as the query variables of Location.deals (pence). */
export function listFilterVariables(search: URLSearchParams | string) {
  const { minPrice, maxPrice, vip } = listFiltersOf(search);
  return { minPrice: poundsToPence(minPrice) ?? null, maxPrice: poundsToPence(maxPrice) ?? null, vip: vip ? true : null };
}

/** Whether a price or VIP filter is set. */
export function hasListFilters(search: URLSearchParams | string): boolean {
  const { minPrice, maxPrice, vip } = listFiltersOf(search);
  return minPrice !== undefined || maxPrice !== undefined || vip;
}

const FILTER_KEYS = ['minPrice', 'maxPrice', 'vip'] as const;

/** The href of the current list without its price and VIP filters. */
export function withoutListFilters(pathname: string, search: string): string {
  const next = new URLSearchParams(search);
  for (const k of [...FILTER_KEYS, 'page']) next.delete(k);
  const qs = next.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/**
 * The price slider and the VIP toggle of a deals list (category pages), kept in the URL beside
 * its other parameters; a change starts the list again at page 1.
 */
export function ListFilters() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { minPrice, maxPrice, vip } = listFiltersOf(search);
  const go = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(search);
    next.delete('page');
    change(next);
    const qs = next.toString();
    void navigate(qs ? `${pathname}?${qs}` : pathname, { preventScrollReset: true });
  };
  const applyPrice = (filter: PriceFilter) =>
    go((next) => {
      for (const k of ['minPrice', 'maxPrice'] as const) {
        const v = filter[k];
        if (v === undefined) next.delete(k);
        else next.set(k, String(v));
      }
    });
  return (
    <div className="list-filters">
      <PriceSlider minPrice={minPrice} maxPrice={maxPrice} onApply={applyPrice} />
      <VipToggle checked={vip} onChange={(on) => go((next) => (on ? next.set('vip', 'true') : next.delete('vip')))} />
    </div>
  );
}

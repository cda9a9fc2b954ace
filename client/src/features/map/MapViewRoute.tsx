import { Component as ReactComponent, Suspense, useCallback, useEffect, useId, useRef, useState, useTransition, type ReactNode } from 'react';
import { useQueryLoader } from 'react-relay';
import { useNavigate } from 'react-router';
import {
  MAP_CITY_CENTRES,
  MAP_ERROR_MESSAGE,
  MAP_PRICE_STEPS,
  MAP_SLOW_AFTER_MS,
  MAP_SLOW_MESSAGE,
  mapLayoutOf,
  mapViewHead,
  mapViewSearch,
  parseMapViewParams,
  roundMapBounds,
  type MapLayout,
} from '@shop/domain';
import { reportClientError } from '../../errors/report.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { PriceSlider, type PriceFilter } from '../search/PriceSlider.tsx';
import { Main } from '../../ui/Main.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Seo } from '../../ui/Seo.tsx';
import type { MapResultsQuery, MapResultsQuery$variables } from '../../__generated__/MapResultsQuery.graphql';
import { DealMap, type FocusDeal, type MapAnswer, type MapView } from './DealMap.tsx';
import { MapResults, mapResultsQuery } from './MapResults.tsx';
import { useSlow } from './use-slow.ts';
import './map.css';

/**
 * /map-view (spec §2 page type map-view; issue 19 point 4): the map and, beside it (under it on
 * mobile, as a carousel), the list of the same deals. The url holds the view (centre to 3
 * decimals, zoom, price) so it can be shared; a first load opens over Glasgow at zoom 11. The
 * deals come for the visible box once the map knows its size, then after each move (750 ms of
 * quiet); the previous answer stays on screen while the next loads, with a notice after 2 s.
 */
export function Component() {
  return (
    <Main>
      <MapViewPage />
    </Main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const penceOf = (pounds: number | undefined) => (pounds === undefined ? null : pounds * 100);

function currentLayout(): MapLayout {
  return mapLayoutOf(typeof window === 'undefined' ? 1280 : window.innerWidth);
}

function MapViewPage() {
  // The view the page opened with (later moves only rewrite the url, they never re-create the map).
  const [initial] = useState(() => parseMapViewParams(new URLSearchParams(window.location.search)));
  const [price, setPrice] = useState<PriceFilter>({ ...(initial.minPrice !== undefined ? { minPrice: initial.minPrice } : {}), ...(initial.maxPrice !== undefined ? { maxPrice: initial.maxPrice } : {}) });
  const [layout, setLayout] = useState<MapLayout>(currentLayout);
  const [queryRef, loadQuery] = useQueryLoader<MapResultsQuery>(mapResultsQuery);
  const [isPending, startTransition] = useTransition();
  const [answer, setAnswer] = useState<MapAnswer | null>(null);
  const [focusDeal, setFocusDeal] = useState<FocusDeal | null>(null);
  const [goTo, setGoTo] = useState<{ lat: number; lon: number } | null>(null);
  const [failure, setFailure] = useState<{ attempt: number; failed: boolean }>({ attempt: 0, failed: false });
  const lastView = useRef<MapView | null>(null);
  const lastVariables = useRef<MapResultsQuery$variables | null>(null);
  const navigate = useNavigate();
  const headingId = useId();

  const ask = useCallback(
    (view: MapView, filter: PriceFilter, forLayout: MapLayout) => {
      lastView.current = view;
      const bounds = roundMapBounds(view.bounds);
      if (!bounds) return;
      const variables: MapResultsQuery$variables = {
        bounds,
        zoom: view.zoom,
        layout: forLayout === 'mobile' ? 'MOBILE' : 'DESKTOP',
        minPrice: penceOf(filter.minPrice),
        maxPrice: penceOf(filter.maxPrice),
      };
      lastVariables.current = variables;
      // The url follows the view (replaced, not pushed: a move is not a page to go back to).
      const search = mapViewSearch({ lat: view.lat, lon: view.lon, zoom: view.zoom, ...filter });
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}`);
      // A failed answer's view gives way to the next one.
      setFailure((f) => (f.failed ? { attempt: f.attempt + 1, failed: false } : f));
      startTransition(() => loadQuery(variables, { fetchPolicy: 'store-or-network' }));
    },
    [loadQuery],
  );

  // The layout follows the window (rotating a tablet crosses the md breakpoint): a new layout asks again.
  useEffect(() => {
    const media = window.matchMedia('(min-width: 768px)');
    const changed = () => {
      const next = currentLayout();
      setLayout(next);
      if (lastView.current) ask(lastView.current, price, next);
    };
    media.addEventListener('change', changed);
    return () => media.removeEventListener('change', changed);
  }, [ask, price]);

  const retry = () => {
    setFailure((f) => ({ attempt: f.attempt + 1, failed: false }));
    if (lastVariables.current) {
      const variables = lastVariables.current;
      startTransition(() => loadQuery(variables, { fetchPolicy: 'network-only' }));
    }
  };

  const waiting = isPending || (queryRef === null && !failure.failed);
  const slow = useSlow(waiting, MAP_SLOW_AFTER_MS);

  return (
    <div className="map-page">
      <Seo head={mapViewHead()} />
      <header className="map-page__header container">
        <PageHeading>Deals on the map</PageHeading>
        <p className="map-page__hint">
          Move the map to see the deals there. Keyboard: on the map, arrow keys move it and + and − zoom; Tab reaches each deal and group on it, Enter opens it.
        </p>
        <div className="map-page__filters">
          <PriceSlider
            steps={MAP_PRICE_STEPS}
            {...price}
            onApply={(filter) => {
              setPrice(filter);
              if (lastView.current) ask(lastView.current, filter, layout);
            }}
          />
          <ul className="map-page__cities" aria-label="Go to a city">
            {Object.values(MAP_CITY_CENTRES).map((city) => (
              <li key={city.name}>
                <button type="button" className="map-page__city" onClick={() => setGoTo({ lat: city.lat, lon: city.lon })}>
                  {city.name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      </header>
      <div className={`map-layout map-layout--${layout}`}>
        <div className="map-layout__map">
          <DealMap
            initial={initial}
            answer={answer}
            focusDeal={focusDeal}
            goTo={goTo}
            onView={(view) => ask(view, price, layout)}
            onNavigate={(url) => void navigate(url)}
          />
          <div className="map-layout__status" role="status" aria-live="polite">
            {slow ? <p className="map-status map-status--slow">{MAP_SLOW_MESSAGE}</p> : waiting ? <p className="map-status">Finding deals…</p> : null}
          </div>
        </div>
        <section className="map-layout__list" aria-labelledby={headingId}>
          <h2 id={headingId} className="map-layout__heading">
            Deals in this area
          </h2>
          <MapErrorBoundary
            key={failure.attempt}
            onError={() => setFailure((f) => ({ ...f, failed: true }))}
            fallback={
              <Notice variant="error" title={MAP_ERROR_MESSAGE}>
                <button type="button" className="button button--primary" onClick={retry}>
                  Try again
                </button>
              </Notice>
            }
          >
            <Suspense fallback={null}>{queryRef ? <MapResults queryRef={queryRef} onAnswer={setAnswer} onShow={(dealId, lat, lon) => setFocusDeal({ dealId, lat, lon })} /> : null}</Suspense>
          </MapErrorBoundary>
        </section>
      </div>
    </div>
  );
}

/** The answer failing shows spec §8's 'Sorry there was a problem.' in the list's place; the map stays. */
class MapErrorBoundary extends ReactComponent<{ children: ReactNode; fallback: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    reportClientError(error);
    this.props.onError();
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

import { useEffect } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { MAP_ERROR_MESSAGE } from '@shop/domain';
import { Notice } from '../../ui/Notice.tsx';
import type { MapResultsQuery } from '../../__generated__/MapResultsQuery.graphql';
import type { MapAnswer } from './DealMap.tsx';
import { MapDealList } from './MapDealList.tsx';

export const mapResultsQuery = graphql`
  query MapResultsQuery($bounds: MapBoundsInput!, $zoom: Float, $layout: MapLayout, $minPrice: Int, $maxPrice: Int) {
    mapDeals(bounds: $bounds, zoom: $zoom, layout: $layout, minPrice: $minPrice, maxPrice: $maxPrice) {
      __typename
      ... on MapDeals {
        zoom
        more
        bounds {
          west
          south
          east
          north
        }
        deals {
          dealId
          title
          url
          merchantName
          lat
          lon
          price {
            formatted
          }
        }
        ...MapDealList_result @alias(as: "list")
      }
      ... on ValidationError {
        message
      }
    }
  }
`;

/**
 * The answer for the view: its deals go to the map (as pins and clusters) and to the list beside
 * it, which says how many there are (announced when it changes).
 */
export function MapResults({
  queryRef,
  onAnswer,
  onShow,
}: {
  queryRef: PreloadedQuery<MapResultsQuery>;
  onAnswer: (answer: MapAnswer | null) => void;
  onShow: (dealId: number, lat: number, lon: number) => void;
}) {
  const { mapDeals: result } = usePreloadedQuery<MapResultsQuery>(mapResultsQuery, queryRef);
  const answer: MapAnswer | null =
    result.__typename === 'MapDeals'
      ? {
          deals: result.deals.map((d) => ({ dealId: d.dealId, title: d.title, url: d.url, merchantName: d.merchantName, lat: d.lat, lon: d.lon, price: d.price.formatted })),
          bounds: { west: result.bounds.west, south: result.bounds.south, east: result.bounds.east, north: result.bounds.north },
          zoom: result.zoom ?? queryRef.variables.zoom ?? 0,
        }
      : null;
  useEffect(() => onAnswer(answer), [result]); // eslint-disable-line react-hooks/exhaustive-deps -- one report per answer
  if (result.__typename !== 'MapDeals') {
    // A view the map cannot ask for (never from the map's own moves): the spec §8 words, and why.
    return (
      <Notice variant="error" title={MAP_ERROR_MESSAGE}>
        <p>{result.__typename === 'ValidationError' ? result.message : null}</p>
      </Notice>
    );
  }
  const count = result.deals.length;
  return (
    <>
      <p className="map-results__count" role="status" data-testid="map-count">
        {count === 0
          ? 'No deals in this part of the map. Zoom out or move the map to find some.'
          : `${count} ${count === 1 ? 'deal' : 'deals'} on the map${result.more ? ', nearest the centre. Zoom in to see more.' : '.'}`}
      </p>
      {count > 0 && result.list ? <MapDealList result={result.list} onShow={onShow} /> : null}
    </>
  );
}

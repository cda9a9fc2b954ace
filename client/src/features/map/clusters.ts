/**
 * Grouping the map's pins (supercluster): the deals of an answer, as clusters and single pins for
 * a box and a zoom. Pure, so the browser journey computes what the map must show from the same
 * answer (e2e/specs/map.spec.ts).
 */
import Supercluster from 'supercluster';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM, type MapBounds } from '@shop/domain';

/** Pins closer than this many pixels at a zoom are one cluster. */
const CLUSTER_RADIUS_PX = 60;

export interface PinDeal {
  dealId: number;
  lat: number;
  lon: number;
}

export type MapMarker<D extends PinDeal> =
  | { kind: 'cluster'; clusterId: number; lat: number; lon: number; count: number; deals: D[]; expansionZoom: number }
  | { kind: 'deal'; lat: number; lon: number; deal: D };

export function clusterDeals<D extends PinDeal>(deals: readonly D[], bounds: MapBounds, zoom: number): MapMarker<D>[] {
  // Clusters are made up to the map's deepest zoom: deals of one merchant (the same point) stay a
  // cluster there, opened as a list of its deals.
  const index = new Supercluster<{ i: number }>({ radius: CLUSTER_RADIUS_PX, minZoom: MAP_MIN_ZOOM, maxZoom: MAP_MAX_ZOOM });
  index.load(deals.map((d, i) => ({ type: 'Feature', properties: { i }, geometry: { type: 'Point', coordinates: [d.lon, d.lat] } })));
  return index.getClusters([bounds.west, bounds.south, bounds.east, bounds.north], Math.floor(zoom)).map((f) => {
    const [lon, lat] = f.geometry.coordinates as [number, number];
    if ('cluster' in f.properties && f.properties.cluster) {
      const clusterId = f.properties.cluster_id;
      const leaves = index.getLeaves(clusterId, Infinity).map((leaf) => deals[leaf.properties.i]!);
      return { kind: 'cluster', clusterId, lat, lon, count: f.properties.point_count, deals: leaves, expansionZoom: index.getClusterExpansionZoom(clusterId) };
    }
    return { kind: 'deal', lat, lon, deal: deals[(f.properties as { i: number }).i]! };
  });
}

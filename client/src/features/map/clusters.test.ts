import { describe, expect, it } from 'vitest';
import { MAP_MAX_ZOOM } from '@shop/domain';
import { clusterDeals } from './clusters.ts';

const GLASGOW = { west: -4.45, south: 55.78, east: -4.07, north: 55.94 };
/** Three deals of one merchant (one address) and two about 2 km apart. */
const deals = [
  { dealId: 1, lat: 55.8595, lon: -4.2455 },
  { dealId: 2, lat: 55.8595, lon: -4.2455 },
  { dealId: 3, lat: 55.8595, lon: -4.2455 },
  { dealId: 4, lat: 55.8752, lon: -4.293 },
  { dealId: 5, lat: 55.829, lon: -4.283 },
];

describe('map clusters', () => {
  it('zoomed out, nearby deals are one cluster holding them all', () => {
    const markers = clusterDeals(deals, GLASGOW, 8);
    expect(markers).toHaveLength(1);
    expect(markers[0]).toMatchObject({ kind: 'cluster', count: 5 });
    if (markers[0]!.kind === 'cluster') expect(markers[0]!.deals.map((d) => d.dealId).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('zoomed in, deals apart are pins; one address stays a cluster that cannot split within the map', () => {
    const markers = clusterDeals(deals, GLASGOW, MAP_MAX_ZOOM);
    const pins = markers.filter((m) => m.kind === 'deal').map((m) => (m.kind === 'deal' ? m.deal.dealId : 0));
    expect(pins.sort()).toEqual([4, 5]);
    const cluster = markers.find((m) => m.kind === 'cluster');
    expect(cluster).toMatchObject({ count: 3 });
    expect(cluster!.kind === 'cluster' && cluster!.expansionZoom).toBeGreaterThan(MAP_MAX_ZOOM);
  });

  it('every deal is shown once, as a pin or inside one cluster', () => {
    for (let zoom = 6; zoom <= 16; zoom += 0.5) {
      const markers = clusterDeals(deals, GLASGOW, zoom);
      const ids = markers.flatMap((m) => (m.kind === 'deal' ? [m.deal.dealId] : m.deals.map((d) => d.dealId)));
      expect(ids.sort()).toEqual([1, 2, 3, 4, 5]);
    }
  });

  it('only what is in the box', () => {
    expect(clusterDeals(deals, { west: -4.3, south: 55.87, east: -4.28, north: 55.88 }, 16).map((m) => (m.kind === 'deal' ? m.deal.dealId : -1))).toEqual([4]);
  });
});

import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import {
  MAP_DEBOUNCE_MS,
  MAP_DEFAULT_ZOOM,
  MAP_DRAG_THRESHOLD_PX,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  MAP_ZOOM_STEP,
  roundMapBounds,
  type MapBounds,
} from '@shop/domain';
import { clusterDeals, type PinDeal } from './clusters.ts';
import ukOutlineUrl from './basemap/uk-outline.geo.json?url';
import cityDetailUrl from './basemap/city-detail.geo.json?url';

/** What a pin shows and links to. */
interface MapPin extends PinDeal {
  title: string;
  url: string;
  merchantName: string;
  price: string;
}

/** The deals of one answer, for the box and zoom they were asked for. */
export interface MapAnswer {
  deals: readonly MapPin[];
  bounds: MapBounds;
  zoom: number;
}

/** A deal the shopper asked to see on the map (each request a new object). */
export interface FocusDeal {
  dealId: number;
  lat: number;
  lon: number;
}

/** The zoom a deal chosen from the list is shown at (street level). */
const FOCUS_ZOOM = 15;

/** Where the map looks after a move (debounced). */
export interface MapView {
  bounds: MapBounds;
  zoom: number;
  lat: number;
  lon: number;
}

/** The shop's own basemap, or tiles when the shop is configured with a tile url (MAP_TILE_URL). */
function tileSettings(): { url: string; attribution: string } | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="shop:map-tile-url"]');
  const url = meta?.content;
  if (!url) return null;
  return { url, attribution: meta.dataset['attribution'] ?? '' };
}

/** Neighbourhood names show from this zoom. */
const AREA_LABELS_FROM_ZOOM = 12;
/** The map stays over the British Isles. */
const MAX_BOUNDS = L.latLngBounds([48.5, -12], [61.5, 4]);

function boundsOf(map: L.Map): MapBounds {
  const b = map.getBounds();
  return { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
}

/**
 * A pin or cluster as a button: its name, and Enter or Space opens it (Leaflet's own Enter-to-click
 * does not reach a marker in Chromium, whose Enter keypress the map never sees as a click).
 */
function asButton(marker: L.Marker, label: string, afterKey?: () => void) {
  const el = marker.getElement();
  if (!el) return;
  el.setAttribute('aria-label', label);
  el.setAttribute('role', 'button');
  el.removeAttribute('title');
  el.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    e.stopPropagation();
    marker.fire('click');
    afterKey?.();
  });
}

/**
 * The Leaflet map (issue 19 point 4): the offline basemap (the UK outline and the shop's cities
 * and neighbourhoods, GeoJSON shipped with the shop) or configured tiles; the deals of the latest
 * answer as pins and clusters (supercluster). Every move reports its view after spec §9's 750 ms
 * of quiet; a pan shorter than the 80 px drag threshold at the same zoom asks for nothing.
 * Keyboard: the map takes focus (arrow keys move it by 80 px, + and − zoom), and every pin and
 * cluster is a focusable button (Enter opens it: a cluster zooms in, or lists its deals when they
 * share one address; a pin opens its deal's popup).
 */
export function DealMap({
  initial,
  answer,
  focusDeal,
  goTo,
  onView,
  onNavigate,
}: {
  initial: { lat: number; lon: number; zoom: number };
  answer: MapAnswer | null;
  /** A deal to show (from the list beside the map): the map moves to it and its popup opens once it is on the map. */
  focusDeal: FocusDeal | null;
  /** A place to show at the default zoom (the city buttons; each request a new object). */
  goTo: { lat: number; lon: number } | null;
  onView: (view: MapView, immediate: boolean) => void;
  onNavigate: (url: string) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const pinMarkers = useRef(new Map<number, L.Marker>());
  const clusterOf = useRef(new Map<number, () => void>());
  const latest = useRef({ answer, onView, onNavigate });
  latest.current = { answer, onView, onNavigate };

  // The map, once.
  useEffect(() => {
    const el = container.current!;
    const map = L.map(el, {
      center: [initial.lat, initial.lon],
      zoom: initial.zoom,
      minZoom: MAP_MIN_ZOOM,
      maxZoom: MAP_MAX_ZOOM,
      zoomSnap: MAP_ZOOM_STEP,
      zoomDelta: MAP_ZOOM_STEP,
      keyboard: true,
      keyboardPanDelta: MAP_DRAG_THRESHOLD_PX,
      maxBounds: MAX_BOUNDS,
      maxBoundsViscosity: 0.8,
    });
    mapRef.current = map;
    el.setAttribute('role', 'application');
    el.setAttribute('aria-roledescription', 'map');
    el.setAttribute('aria-label', 'Map of deals. Arrow keys move the map, plus and minus zoom in and out; Tab reaches the deals on it.');
    map.attributionControl.setPrefix(false);

    const tiles = tileSettings();
    const areaLabels = L.layerGroup();
    const controller = new AbortController();
    if (tiles) {
      L.tileLayer(tiles.url, { attribution: tiles.attribution, minZoom: MAP_MIN_ZOOM, maxZoom: MAP_MAX_ZOOM }).addTo(map);
    } else {
      map.attributionControl.addAttribution('Outline: Natural Earth');
      void (async () => {
        try {
          const [outline, cities] = await Promise.all(
            [ukOutlineUrl, cityDetailUrl].map((url) => fetch(url, { signal: controller.signal }).then((r) => r.json() as Promise<GeoJSON.FeatureCollection>)),
          );
          L.geoJSON(outline, { interactive: false, style: (f) => ({ className: f?.properties?.['uk'] ? 'map-land map-land--uk' : 'map-land', weight: 1 }) }).addTo(map);
          for (const f of cities!.features) {
            if (f.geometry.type !== 'Point') continue;
            const [lon, lat] = f.geometry.coordinates as [number, number];
            const city = f.properties?.['kind'] === 'city';
            const label = L.marker([lat, lon], {
              interactive: false,
              keyboard: false,
              icon: L.divIcon({ className: city ? 'map-label map-label--city' : 'map-label map-label--area', html: '', iconSize: undefined }),
            });
            label.on('add', () => {
              const icon = label.getElement();
              if (icon) {
                icon.textContent = String(f.properties?.['name'] ?? '');
                icon.setAttribute('aria-hidden', 'true');
              }
            });
            if (city) label.addTo(map);
            else areaLabels.addLayer(label);
          }
          const showAreas = () => (map.getZoom() >= AREA_LABELS_FROM_ZOOM ? areaLabels.addTo(map) : areaLabels.remove());
          map.on('zoomend', showAreas);
          showAreas();
        } catch {
          // Without the outline the pins still show on the plain sea colour.
        }
      })();
    }
    markers.current = L.layerGroup().addTo(map);

    let timer: ReturnType<typeof setTimeout> | undefined;
    let reported: { zoom: number; centre: L.Point } | null = null;
    const report = (immediate: boolean) => {
      // Before layout the map has no size (and so no box): ask once it has one.
      const size = map.getSize();
      if (size.x === 0 || size.y === 0) {
        timer = setTimeout(() => {
          map.invalidateSize();
          report(immediate);
        }, 100);
        return;
      }
      const zoom = map.getZoom();
      const centre = map.project(map.getCenter(), zoom);
      // A pan shorter than the drag threshold at the same zoom keeps the deals shown.
      // (Rounded: a keyboard pan of exactly 80 px may measure 79.99.)
      if (!immediate && reported && reported.zoom === zoom && Math.round(reported.centre.distanceTo(centre)) < MAP_DRAG_THRESHOLD_PX) return;
      reported = { zoom, centre };
      const c = map.getCenter();
      latest.current.onView({ bounds: boundsOf(map), zoom, lat: c.lat, lon: c.lng }, immediate);
    };
    map.on('movestart', () => clearTimeout(timer));
    map.on('moveend', () => {
      clearTimeout(timer);
      timer = setTimeout(() => report(false), MAP_DEBOUNCE_MS);
    });
    // The first load asks at once.
    report(true);
    // A new size (the window, the desktop and mobile layouts) is a new box: Leaflet's moveend follows.
    const resized = new ResizeObserver(() => map.invalidateSize({ debounceMoveend: true }));
    resized.observe(el);
    return () => {
      resized.disconnect();
      clearTimeout(timer);
      controller.abort();
      map.remove();
      mapRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the map is made once; later views come from the shopper's moves
  }, []);

  // The pins and clusters of the answer, regrouped whenever the zoom changes before the next answer.
  useEffect(() => {
    const map = mapRef.current;
    const layer = markers.current;
    if (!map || !layer) return;
    const draw = () => {
      layer.clearLayers();
      pinMarkers.current.clear();
      clusterOf.current.clear();
      const current = latest.current.answer;
      if (!current) return;
      const sameView = map.getZoom() === current.zoom;
      const groups = clusterDeals(current.deals, sameView ? current.bounds : (roundMapBounds(boundsOf(map)) ?? current.bounds), sameView ? current.zoom : map.getZoom());
      for (const g of groups) {
        if (g.kind === 'cluster') {
          const marker = L.marker([g.lat, g.lon], {
            keyboard: true,
            icon: L.divIcon({ className: 'map-cluster', html: '', iconSize: [44, 44] }),
            riseOnHover: true,
          });
          marker.on('add', () => {
            const icon = marker.getElement();
            if (!icon) return;
            icon.textContent = String(g.count);
            icon.dataset['count'] = String(g.count);
            // A cluster that zooms in is gone after the move: the keyboard carries on from the map.
            asButton(marker, g.expansionZoom <= MAP_MAX_ZOOM ? `${g.count} deals here: zoom in` : `${g.count} deals at one address: list them`, g.expansionZoom <= MAP_MAX_ZOOM ? () => map.getContainer().focus() : undefined);
          });
          // A deal asked for from the list may sit in a cluster: it opens as the list of its deals.
          for (const d of g.deals) clusterOf.current.set(d.dealId, () => marker.bindPopup(popupList(g.deals, latest.current.onNavigate)).openPopup());
          marker.on('click', () => {
            if (g.expansionZoom <= MAP_MAX_ZOOM) {
              map.setView([g.lat, g.lon], Math.max(g.expansionZoom, map.getZoom() + MAP_ZOOM_STEP));
            } else {
              marker.bindPopup(popupList(g.deals, latest.current.onNavigate)).openPopup();
            }
          });
          layer.addLayer(marker);
        } else {
          const d = g.deal as MapPin;
          const marker = L.marker([g.lat, g.lon], {
            keyboard: true,
            icon: L.divIcon({ className: 'map-pin', html: '', iconSize: undefined, iconAnchor: undefined }),
            riseOnHover: true,
          });
          marker.on('add', () => {
            const icon = marker.getElement();
            if (!icon) return;
            icon.textContent = d.price;
            icon.dataset['dealId'] = String(d.dealId);
            asButton(marker, `${d.title}, ${d.price}`);
          });
          marker.bindPopup(() => popupList([d], latest.current.onNavigate));
          layer.addLayer(marker);
          pinMarkers.current.set(d.dealId, marker);
        }
      }
    };
    draw();
    map.on('zoomend', draw);
    return () => {
      map.off('zoomend', draw);
    };
  }, [answer]);

  // A deal chosen in the list: its pin's popup, once it is on the map (the move brings an answer
  // centred on it, where it is a single pin or inside a cluster that Enter opens).
  useEffect(() => {
    if (goTo) mapRef.current?.setView([goTo.lat, goTo.lon], MAP_DEFAULT_ZOOM);
  }, [goTo]);

  const awaiting = useRef<FocusDeal | null>(null);
  const openFocused = (takeFocus: boolean) => {
    const wanted = awaiting.current;
    if (!wanted) return false;
    const marker = pinMarkers.current.get(wanted.dealId);
    if (marker) {
      marker.openPopup();
      if (takeFocus) marker.getElement()?.focus();
      return true;
    }
    const openCluster = clusterOf.current.get(wanted.dealId);
    openCluster?.();
    return openCluster !== undefined;
  };
  useEffect(() => {
    const map = mapRef.current;
    if (!focusDeal || !map) return;
    awaiting.current = focusDeal;
    // After the move the pins are regrouped for the new zoom: open it there, and again in the
    // answer asked for the new view (which redraws the pins).
    map.once('moveend', () => openFocused(true));
    map.setView([focusDeal.lat, focusDeal.lon], Math.max(map.getZoom(), FOCUS_ZOOM));
    container.current?.scrollIntoView?.({ block: 'nearest' });
  }, [focusDeal]);
  useEffect(() => {
    if (awaiting.current && openFocused(false)) awaiting.current = null;
  }, [answer]);

  return <div ref={container} className="deal-map" data-testid="deal-map" />;
}

/** A popup's content: the deals as links (built as nodes: titles are never parsed as HTML). */
function popupList(deals: readonly MapPin[], onNavigate: (url: string) => void): HTMLElement {
  const list = document.createElement('ul');
  list.className = 'map-popup';
  for (const d of deals) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = d.url;
    link.textContent = d.title;
    link.addEventListener('click', (e) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      onNavigate(d.url);
    });
    const meta = document.createElement('p');
    meta.textContent = `${d.merchantName} · ${d.price}`;
    item.append(link, meta);
    list.append(item);
  }
  return list;
}

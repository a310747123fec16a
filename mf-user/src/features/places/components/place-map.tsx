import { useEffect, useRef } from 'react';
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './place-map.css';

export interface MapView {
  latitude: number;
  longitude: number;
  zoom: number;
  /** Changes whenever the page wants the map moved (a new search result, the device position). */
  seq: number;
}

export interface PlaceMapProps {
  tileUrl: string;
  attribution: string;
  view: MapView;
  marker: { latitude: number; longitude: number } | null;
  onPick: (latitude: number, longitude: number) => void;
  labels: { map: string; marker: string; zoomIn: string; zoomOut: string };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The choose-location map (Leaflet, in this lazily loaded chunk only): tiles from the configured
 * server (places/config), a tap or a click picks a point, the marker can be dragged. Leaflet
 * positions with CSSOM styles (allowed by our CSP) and its stylesheet is a file of this chunk.
 * The map is not mirrored in right-to-left pages: north is up and east is right everywhere.
 */
export default function PlaceMap({ tileUrl, attribution, view, marker, onPick, labels }: PlaceMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    const m = L.map(box.current!, { zoomControl: false, attributionControl: false }).setView(
      [view.latitude, view.longitude],
      view.zoom,
    );
    L.control.zoom({ zoomInTitle: labels.zoomIn, zoomOutTitle: labels.zoomOut }).addTo(m);
    // Plain text attribution (escaped: Leaflet inserts it as HTML); no flag image prefix.
    L.control.attribution({ prefix: false }).addAttribution(escapeHtml(attribution)).addTo(m);
    L.tileLayer(tileUrl, { maxZoom: 19, minZoom: 2, crossOrigin: false }).addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => pick.current(e.latlng.lat, e.latlng.lng));
    map.current = m;
    // The page slides in and the phone rotates: keep Leaflet's idea of the size right.
    const resize = new ResizeObserver(() => m.invalidateSize());
    resize.observe(box.current!);
    return () => {
      resize.disconnect();
      m.remove();
      map.current = null;
      pin.current = null;
    };
    // Created once; later changes arrive through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileUrl]);

  useEffect(() => {
    map.current?.setView([view.latitude, view.longitude], view.zoom);
  }, [view.seq, view.latitude, view.longitude, view.zoom]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!marker) {
      pin.current?.remove();
      pin.current = null;
      return;
    }
    if (!pin.current) {
      const p = L.marker([marker.latitude, marker.longitude], {
        draggable: true,
        keyboard: true,
        title: labels.marker,
        icon: L.divIcon({
          className: 'user-map-pin',
          iconSize: [28, 28],
          iconAnchor: [14, 28],
          html: '<span class="user-map-pin-head"></span>',
        }),
      });
      p.on('dragend', () => {
        const at = p.getLatLng();
        pick.current(at.lat, at.lng);
      });
      p.addTo(m);
      pin.current = p;
    } else {
      pin.current.setLatLng([marker.latitude, marker.longitude]);
    }
  }, [marker, labels.marker]);

  return <div ref={box} className="user-map" dir="ltr" role="application" aria-label={labels.map} />;
}

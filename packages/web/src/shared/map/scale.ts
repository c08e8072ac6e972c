import L from 'leaflet';
import { measureText } from '../ui/format.js';

/** What Leaflet's scale keeps to itself (1.9): the round distance, its bar and the redraw. */
interface ScaleInternals {
  _map?: L.Map;
  _mScale: HTMLElement;
  _getRoundNum(meters: number): number;
  _updateScale(scale: HTMLElement, text: string, ratio: number): void;
  _update(): void;
}

/** The scale bar's label in the reader's units and digits: "200 м", "1,5 km" (Leaflet writes "200 m" in every language). */
export const scaleLabel = (meters: number) =>
  meters < 1000 ? measureText(meters, 'meter', 0) : measureText(meters / 1000, 'kilometer', 1);

const ReaderScale = L.Control.Scale.extend({
  _updateMetric(this: ScaleInternals, maxMeters: number) {
    const meters = this._getRoundNum(maxMeters);
    this._updateScale(this._mScale, scaleLabel(meters), meters / maxMeters);
  },
});

/** Leaflet's metric scale, labelled in the reader's language (issue 29); `relabel` writes it again after a language change. */
export function readerScale(): { control: L.Control.Scale; relabel(): void } {
  const options: L.Control.ScaleOptions = { imperial: false };
  const control = new ReaderScale(options) as L.Control.Scale;
  const internals = control as unknown as ScaleInternals;
  return { control, relabel: () => internals._map && internals._update() };
}

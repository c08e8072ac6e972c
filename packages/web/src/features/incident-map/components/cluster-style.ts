import { clusterDiameter } from './viewport.js';

/** The circles' fills: one declaration for the map's markers and the legend's samples, so the two cannot drift. */
export const CLUSTER_FILL = {
  /** One incident, in the incident colour. */
  single: 'rgba(245, 34, 45, 0.9)',
  /** Several incidents counted in one circle. */
  many: 'rgba(22, 119, 255, 0.85)',
} as const;

export interface ClusterBadge {
  className: string;
  /** Diameter in pixels. */
  size: number;
  fill: string;
}

/** How a circle of `count` incidents looks: on the map at full size, in the legend scaled down. */
export function clusterBadge(count: number, scale = 1): ClusterBadge {
  const single = count === 1;
  return {
    className: single ? 'event-map-cluster event-map-single' : 'event-map-cluster',
    size: Math.round(clusterDiameter(count) * scale),
    fill: single ? CLUSTER_FILL.single : CLUSTER_FILL.many,
  };
}

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CLUSTER_FILL, clusterBadge } from './cluster-style.js';
import { MapLegend } from './MapLegend.js';

/** The legend's samples as rendered: count → inline background. */
function legendFills(): Map<number, string> {
  const html = renderToStaticMarkup(createElement(MapLegend, { total: 3, truncated: false, loading: false }));
  const fills = new Map<number, string>();
  for (const [tag] of html.matchAll(/<span[^>]*data-sample="\d+"[^>]*>/g)) {
    const count = Number(/data-sample="(\d+)"/.exec(tag)?.[1]);
    fills.set(count, /background:([^;"]+)/.exec(tag)?.[1]?.trim() ?? '');
  }
  return fills;
}

describe('cluster colours', () => {
  it('the legend shows the fills the markers use, from the one declaration', () => {
    const fills = legendFills();
    expect([...fills.keys()]).toEqual([1, 10, 100]);
    for (const [count, fill] of fills) expect(fill).toBe(clusterBadge(count).fill);
    expect(fills.get(1)).toBe(CLUSTER_FILL.single);
    expect(fills.get(10)).toBe(CLUSTER_FILL.many);
  });

  it('one incident is red and smaller, a cluster blue and larger', () => {
    expect(clusterBadge(1)).toMatchObject({ fill: CLUSTER_FILL.single, className: 'event-map-cluster event-map-single' });
    expect(clusterBadge(5)).toMatchObject({ fill: CLUSTER_FILL.many, className: 'event-map-cluster' });
    expect(clusterBadge(5).size).toBeGreaterThan(clusterBadge(1).size);
    expect(clusterBadge(100, 0.75).size).toBe(Math.round(clusterBadge(100).size * 0.75));
  });
});

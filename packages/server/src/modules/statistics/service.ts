import {
  type DashboardPeriod,
  type DefaultTagKind,
  defaultTagNames,
  type FleetAllocation,
  type FleetRanking,
  type StatisticsOverview,
  type StatisticsSeries,
  type StatisticsSpan,
  type StatisticsTags,
} from '@safety-shield/contract';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../http/principal.js';
import { placeOf } from '../../places/index.js';
import { ViewCache } from '../../view-cache.js';
import * as repo from './repo.js';
import { type StatisticsAsk, type StatisticsView, statisticsView } from './view.js';

/** A question with its period (the contract's query is one; the report asks with its own ranges). */
export type PeriodAsk = StatisticsAsk & { period: DashboardPeriod };

import type { CompanyZones } from './zones.js';

const RANKED = 10;
const ALLOCATION_FLEETS = 20;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const km = (meters: number) => round(meters / 1000, 1);
const hours = (ms: number) => round(ms / 3_600_000, 1);
const per100Km = (incidents: number, meters: number) => (meters > 0 ? round(incidents / (meters / 100_000), 2) : null);

export interface StatisticsOptions {
  /** The instant the range is read at (tests); the answer is then computed afresh. */
  now?: number;
}

interface TagKey {
  key: string;
  name: string | null;
}

/**
 * Statistics (issue 19, `/statistics/list`): every figure is the rollup's for the days it holds and a direct count for
 * the rest (today, days not rolled yet, rolled days changed since), so it equals a direct count over incidents and
 * trails. Answers are kept per view and question for NODE_CACHE_MS, as the dashboard's are; a new incident of a view
 * clears them.
 */
export class StatisticsService {
  /** Answers per view and question; a new incident of a view (the bus's `incident`) clears them. */
  readonly views = new ViewCache<unknown>();

  constructor(
    private readonly db: Db,
    private readonly zones: CompanyZones,
  ) {}

  private through<T>(principal: Principal, kind: string, query: PeriodAsk, options: StatisticsOptions, compute: () => Promise<T>) {
    if (options.now !== undefined) return compute();
    return this.views.through(principal, `${kind}:${JSON.stringify(query)}`, compute);
  }

  overview(principal: Principal, query: PeriodAsk, options: StatisticsOptions = {}): Promise<StatisticsOverview> {
    return this.through(principal, 'overview', query, options, async () => {
      const view = await statisticsView(this.db, this.zones, principal, query, options.now ?? Date.now());
      const [counts, driven, places, fleetVehicles, kinds, bucketLabels] = await Promise.all([
        repo.incidentCounts(this.db, view, query.period),
        repo.distances(this.db, view, query.period),
        repo.placeCounts(this.db, view),
        repo.fleetVehicles(this.db, view.owned, view.leasedIn),
        repo.vehicleKinds(this.db, view.owned),
        bucketsOf(this.db, view, query.period),
      ]);
      const ranked = counts.byFleet
        .filter((row): row is { fleetId: number; n: number } => row.fleetId !== null && row.n > 0)
        .sort((a, b) => b.n - a.n || a.fleetId - b.fleetId)
        .slice(0, RANKED);
      const allocated = fleetVehicles
        .filter((row): row is repo.FleetVehicles & { fleetId: number } => row.fleetId !== null)
        .sort((a, b) => b.vehicles + b.leasedIn - (a.vehicles + a.leasedIn) || a.fleetId - b.fleetId)
        .slice(0, ALLOCATION_FLEETS);
      const names = await repo.names(
        this.db,
        [...new Set([...ranked.map((r) => r.fleetId), ...allocated.map((r) => r.fleetId)])],
        [...new Set(counts.byBucketTag.map((r) => r.tagId).filter((id): id is number => id !== null))],
      );
      const series = this.series(bucketLabels, counts, driven, names.tags);
      const total = series.buckets.reduce((sum, b) => sum + b.incidents, 0);
      const fleets: FleetRanking[] = ranked.map((row) => {
        const fleetDriven = driven.byFleet.get(row.fleetId);
        return {
          fleetId: row.fleetId,
          fleetName: names.fleets.get(row.fleetId)?.name ?? String(row.fleetId),
          companyName: names.fleets.get(row.fleetId)?.company ?? null,
          incidents: row.n,
          distanceKm: km(fleetDriven?.meters ?? 0),
          drivingHours: hours(fleetDriven?.drivingMs ?? 0),
          per100Km: per100Km(row.n, fleetDriven?.meters ?? 0),
        };
      });
      const vehicles = fleetVehicles.reduce((sum, r) => sum + r.vehicles, 0);
      const utilisation = (drivingMs: number, count: number) =>
        count > 0 && view.rangeHours > 0 ? round((drivingMs / 3_600_000 / (count * view.rangeHours)) * 100, 1) : 0;
      return {
        span: spanOf(view),
        period: query.period,
        total,
        byType: series.types.map((t) => ({ key: t.key, count: sum(t.counts) })).sort((a, b) => b.count - a.count),
        byTag: series.tags.map((t) => ({ key: t.key, name: t.name, count: sum(t.counts) })).sort((a, b) => b.count - a.count),
        series,
        fleets,
        places: this.places(places),
        distance: {
          distanceKm: km(driven.total.meters),
          drivingHours: hours(driven.total.drivingMs),
          per100Km: per100Km(total, driven.total.meters),
        },
        allocation: {
          vehicles,
          leasedOut: fleetVehicles.reduce((sum, r) => sum + r.leasedOut, 0),
          leasedIn: fleetVehicles.reduce((sum, r) => sum + r.leasedIn, 0),
          active: driven.total.active,
          utilisation: utilisation(driven.total.drivingMs, vehicles),
          ...kinds,
          fleets: allocated.map((row): FleetAllocation => {
            const fleetDriven = driven.byFleet.get(row.fleetId);
            return {
              fleetId: row.fleetId,
              fleetName: names.fleets.get(row.fleetId)?.name ?? String(row.fleetId),
              vehicles: row.vehicles,
              leasedOut: row.leasedOut,
              leasedIn: row.leasedIn,
              active: fleetDriven?.active ?? 0,
              distanceKm: km(fleetDriven?.meters ?? 0),
              drivingHours: hours(fleetDriven?.drivingMs ?? 0),
              utilisation: utilisation(fleetDriven?.drivingMs ?? 0, row.vehicles),
            };
          }),
        },
      };
    });
  }

  tags(principal: Principal, query: PeriodAsk, options: StatisticsOptions = {}): Promise<StatisticsTags> {
    return this.through(principal, 'tags', query, options, async () => {
      const view = await statisticsView(this.db, this.zones, principal, query, options.now ?? Date.now());
      const [counts, bucketLabels] = await Promise.all([
        repo.incidentCounts(this.db, view, query.period),
        bucketsOf(this.db, view, query.period),
      ]);
      const tagIds = [...new Set(counts.byBucketTag.map((r) => r.tagId).filter((id): id is number => id !== null))];
      const names = await repo.names(this.db, [], tagIds);
      const empty = { total: { meters: 0, drivingMs: 0, active: 0 }, byBucket: new Map(), byFleet: new Map() };
      const series = { ...this.series(bucketLabels, counts, empty, names.tags), types: [] };
      const rows = bucketLabels.flatMap((cycle, i) =>
        series.tags
          .map((tag) => ({ cycle, key: tag.key, name: tag.name, count: tag.counts[i] ?? 0 }))
          .filter((row) => row.count > 0)
          .sort((a, b) => b.count - a.count),
      );
      const tags = series.tags.map((t) => ({ key: t.key, name: t.name, count: sum(t.counts) })).sort((a, b) => b.count - a.count);
      return {
        span: spanOf(view),
        period: query.period,
        dataSource: view.dataSource,
        total: tags.reduce((total, t) => total + t.count, 0),
        tags,
        rows,
        series,
      };
    });
  }

  /** Counts and distances laid out per bucket; tags grouped by key (a default tag across companies by its kind). */
  private series(
    labels: string[],
    counts: repo.CountRows,
    driven: repo.DistanceRows,
    tags: Map<number, { name: string; defaultKind: string | null }>,
  ): StatisticsSeries {
    const index = new Map(labels.map((label, i) => [label, i]));
    const zeros = () => labels.map(() => 0);
    const types = new Map<string, number[]>();
    for (const row of counts.byBucketType) {
      const i = index.get(row.bucket);
      if (i === undefined) continue;
      const line = types.get(row.type) ?? zeros();
      line[i] = (line[i] ?? 0) + row.n;
      types.set(row.type, line);
    }
    const tagLines = new Map<string, { key: TagKey; names: Set<string>; counts: number[] }>();
    for (const row of counts.byBucketTag) {
      const i = index.get(row.bucket);
      if (i === undefined) continue;
      const key = tagKey(row.tagId, tags);
      const line = tagLines.get(key.key) ?? { key, names: new Set<string>(), counts: zeros() };
      if (key.name !== null) line.names.add(key.name);
      line.counts[i] = (line.counts[i] ?? 0) + row.n;
      tagLines.set(key.key, line);
    }
    const byTotal = <T extends { counts: number[] }>(a: T, b: T) => sum(b.counts) - sum(a.counts);
    return {
      buckets: labels.map((label, i) => ({
        label,
        incidents: [...types.values()].reduce((total, line) => total + (line[i] ?? 0), 0),
        distanceKm: km(driven.byBucket.get(label)?.meters ?? 0),
      })),
      types: [...types].map(([key, line]) => ({ key, counts: line })).sort(byTotal),
      tags: [...tagLines.values()]
        .map((line) => ({
          key: line.key.key,
          name: nameOf(line.key.key, line.names),
          counts: line.counts,
        }))
        .sort(byTotal),
    };
  }

  /** Towns by incidents (rolled rows carry their town; direct ones their position), the largest RANKED. */
  private places(rows: Awaited<ReturnType<typeof repo.placeCounts>>) {
    const byPlace = new Map<string, { name: string; country: string; incidents: number }>();
    let unplaced = 0;
    for (const row of rows) {
      const place = row.name !== null && row.country !== null ? { name: row.name, country: row.country } : placeOf(row.lat, row.lng);
      if (!place) {
        unplaced += row.n;
        continue;
      }
      const key = `${place.name}\u0000${place.country}`;
      const found = byPlace.get(key);
      if (found) found.incidents += row.n;
      else byPlace.set(key, { name: place.name, country: place.country, incidents: row.n });
    }
    const records = [...byPlace.values()].sort((a, b) => b.incidents - a.incidents || a.name.localeCompare(b.name)).slice(0, RANKED);
    return { records, unplaced };
  }
}

/** The union of the companies' days, and their zones. */
export function spanOf(view: StatisticsView): StatisticsSpan {
  const from = view.companies.map((c) => c.from).sort()[0];
  const to = view.companies
    .map((c) => c.to)
    .sort()
    .at(-1);
  const lastDay = to === undefined ? undefined : new Date(Date.parse(`${to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return { fromDay: from ?? '', toDay: lastDay ?? '', timeZones: [...new Set(view.companies.map((c) => c.zone))].sort() };
}

/** The period buckets of a view's span, every one present. */
export function bucketsOf(db: Db, view: StatisticsView, period: DashboardPeriod): Promise<string[]> {
  const span = spanOf(view);
  if (!span.fromDay || span.toDay < span.fromDay) return Promise.resolve([]);
  return repo.buckets(db, period, span.fromDay, span.toDay);
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** A key's name: its tags' one name; a default kind renamed differently in several companies reads as the stored name. */
function nameOf(key: string, names: Set<string>): string | null {
  if (names.size === 1) return [...names][0] ?? null;
  return key in defaultTagNames ? defaultTagNames[key as DefaultTagKind] : null;
}

/** A tag as statistics group it: default tags by kind, a company's own by id, none as `none`. */
function tagKey(tagId: number | null, tags: Map<number, { name: string; defaultKind: string | null }>): TagKey {
  if (tagId === null) return { key: 'none', name: null };
  const tag = tags.get(tagId);
  if (tag?.defaultKind) return { key: tag.defaultKind, name: tag.name };
  return { key: `tag:${tagId}`, name: tag?.name ?? null };
}

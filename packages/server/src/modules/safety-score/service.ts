import {
  type DashboardPeriod,
  defaultSafetyWeights,
  type SafetyFigures,
  type SafetyLevel,
  type SafetyScoreList,
  type SafetyScoreRow,
  type SafetyWeights,
  type SafetyWeightsInfo,
  safetyScoreOf,
} from '@safety-shield/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import type { Principal } from '../../http/principal.js';
import { ViewCache } from '../../view-cache.js';
import type { CompanyZones } from '../statistics/index.js';
import { bucketsOf, statisticsRepo as repo, type StatisticsAsk, spanOf, statisticsView } from '../statistics/index.js';
import { readWeights, saveWeights, weightsOf } from './weights.js';

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A safety-score question: a statistics question with the level ranked, the order and how many rows. */
export type SafetyAsk = StatisticsAsk & { period: DashboardPeriod; level: SafetyLevel; order: 'worst' | 'best'; limit: number };

export interface SafetyOptions {
  /** The instant the range is read at (tests); the answer is then computed afresh. */
  now?: number;
}

type Scale = Pick<SafetyWeights, 'scale' | 'minDistanceKm'>;

/** Weighted points of incident groups, each by its company's weights. */
function tally(groups: readonly repo.IncidentGroup[] | undefined, weights: Map<number, SafetyWeights>) {
  let incidents = 0;
  let points = 0;
  for (const g of groups ?? []) {
    const w = weights.get(g.companyId) ?? defaultSafetyWeights;
    const typePoints = (w.types as Record<string, number>)[g.type] ?? 0;
    const factor = (w.severities as Record<string, number>)[g.severity] ?? w.severities.other;
    incidents += g.n;
    points += g.n * typePoints * factor;
  }
  return { incidents, points };
}

function figures(groups: readonly repo.IncidentGroup[] | undefined, meters: number, weights: Map<number, SafetyWeights>, scale: Scale) {
  const { incidents, points } = tally(groups, weights);
  const distanceKm = meters / 1000;
  return {
    score: safetyScoreOf(points, distanceKm, scale),
    incidents,
    points: round(points, 2),
    distanceKm: round(distanceKm, 1),
    pointsPer100Km: distanceKm > 0 ? round(points / (distanceKm / 100), 2) : null,
  } satisfies SafetyFigures;
}

/** Several companies together: their shared scale and minimum distance, the defaults' when they differ. */
function sharedScale(weights: Map<number, SafetyWeights>): Scale {
  const all = [...weights.values()];
  const first = all[0] ?? defaultSafetyWeights;
  return all.every((w) => w.scale === first.scale && w.minDistanceKm === first.minDistanceKm) ? first : defaultSafetyWeights;
}

interface Entity {
  id: number;
  name: string;
  fleetName: string | null;
  companyName: string | null;
  companyId: number | null;
}

/**
 * The safety score (issue 19, docs/safety-score.md) of a scope's vehicles, fleets and companies over a statistics
 * range: incidents counted directly (the rollups keep no vehicle), distances from the trail rollup and the live trail,
 * the same as the statistics page's distance. Answers are kept per view and question like the statistics'.
 */
export class SafetyScoreService {
  /** Answers per view and question; a new incident of a view (the bus's `incident`) clears them, new weights all. */
  readonly views = new ViewCache<SafetyScoreList>();

  constructor(
    private readonly db: Db,
    private readonly zones: CompanyZones,
  ) {}

  weights(principal: Principal, companyId: number | undefined): Promise<SafetyWeightsInfo> {
    return readWeights(this.db, principal, companyId);
  }

  async saveWeights(principal: Principal, companyId: number | undefined, weights: SafetyWeights | null): Promise<SafetyWeightsInfo> {
    const saved = await saveWeights(this.db, principal, companyId, weights);
    this.views.forgetAll();
    return saved;
  }

  list(principal: Principal, ask: SafetyAsk, options: SafetyOptions = {}): Promise<SafetyScoreList> {
    if (options.now !== undefined) return this.compute(principal, ask, options.now);
    return this.views.through(principal, JSON.stringify(ask), () => this.compute(principal, ask, Date.now()));
  }

  private async compute(principal: Principal, ask: SafetyAsk, now: number): Promise<SafetyScoreList> {
    const view = await statisticsView(this.db, this.zones, principal, ask, now);
    const [incidents, driven, labels, weights] = await Promise.all([
      repo.incidentsBy(this.db, view, ask.period),
      repo.metersBy(this.db, view, ask.period),
      bucketsOf(this.db, view, ask.period),
      weightsOf(
        this.db,
        view.companies.map((c) => c.id),
      ),
    ]);
    const overallScale = sharedScale(weights);
    const everything = [...incidents.company.values()].flat();
    const totalMeters = [...driven.company.values()].reduce((sum, m) => sum + m, 0);
    const entities = await this.entities(ask.level, view.vehicles, incidents, driven);
    const scaleOf = (entity: Entity) =>
      entity.companyId === null ? overallScale : (weights.get(entity.companyId) ?? defaultSafetyWeights);
    const byLevel = {
      vehicle: [incidents.vehicle, driven.vehicle],
      fleet: [incidents.fleet, driven.fleet],
      company: [incidents.company, driven.company],
    } as const;
    const [groupsOf, metersOf] = byLevel[ask.level];
    const all: SafetyScoreRow[] = entities.map((entity) => ({
      id: entity.id,
      name: entity.name,
      fleetName: entity.fleetName,
      companyName: entity.companyName,
      ...figures(groupsOf.get(entity.id), metersOf.get(entity.id) ?? 0, weights, scaleOf(entity)),
    }));
    const scored = all.filter((row) => row.score !== null);
    const direction = ask.order === 'worst' ? 1 : -1;
    scored.sort(
      (a, b) =>
        direction * ((a.score ?? 0) - (b.score ?? 0)) ||
        direction * ((b.pointsPer100Km ?? 0) - (a.pointsPer100Km ?? 0)) ||
        a.name.localeCompare(b.name),
    );
    return {
      span: spanOf(view),
      period: ask.period,
      level: ask.level,
      overall: figures(everything, totalMeters, weights, overallScale),
      trend: labels.map((label) => ({
        label,
        ...figures(incidents.bucket.get(label), driven.bucket.get(label) ?? 0, weights, overallScale),
      })),
      rows: scored.slice(0, ask.limit),
      scored: scored.length,
      unscored: all.length - scored.length,
      defaultWeights: view.companies.every((c) => weights.get(c.id) === defaultSafetyWeights),
      minDistanceKm: overallScale.minDistanceKm,
    };
  }

  /**
   * What a level ranks: the vehicles in view and those with incidents in view; fleets and companies that had incidents
   * or drove. Each with its name, its fleet's and company's names, and the company whose scale it is judged by.
   */
  private async entities(level: SafetyLevel, vehiclesInView: SQL, incidents: repo.IncidentsBy, driven: repo.DrivenBy): Promise<Entity[]> {
    if (level === 'vehicle') {
      const ids = [...new Set([...incidents.vehicle.keys(), ...driven.vehicle.keys()])];
      const result = await this.db.execute(sql`
        select v.id, v.license_plate as name, v.belong_company_id as company_id, f.name as fleet_name, c.name as company_name
        from vehicle v left join org f on f.id = v.belong_fleet_id left join org c on c.id = v.belong_company_id
        where v.id in (select vehicle.id from vehicle where ${vehiclesInView}) or v.id = any(${sql.param(ids)}::int[])`);
      return rowsOf<{ id: unknown; name: string; company_id: unknown; fleet_name: string | null; company_name: string | null }>(result).map(
        (r) => ({
          id: Number(r.id),
          name: r.name,
          fleetName: r.fleet_name,
          companyName: r.company_name,
          companyId: r.company_id === null ? null : Number(r.company_id),
        }),
      );
    }
    const source = level === 'fleet' ? [incidents.fleet, driven.fleet] : [incidents.company, driven.company];
    const ids = [...new Set(source.flatMap((map) => [...map.keys()]))];
    if (ids.length === 0) return [];
    const result = await this.db.execute(sql`
      select o.id, o.name, c.id as company_id, c.name as company_name
      from org o left join org c on c.id = o.belong_company_id
      where o.id = any(${sql.param(ids)}::int[])`);
    return rowsOf<{ id: unknown; name: string; company_id: unknown; company_name: string | null }>(result).map((r) => ({
      id: Number(r.id),
      name: r.name,
      fleetName: level === 'fleet' ? r.name : null,
      companyName: level === 'fleet' ? r.company_name : null,
      companyId: r.company_id === null ? null : Number(r.company_id),
    }));
  }
}

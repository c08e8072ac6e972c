import type { Readable } from 'node:stream';
import { instantOf, type Language, type ReportQuery, type StatisticsReport } from '@safety-shield/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { org } from '../../db/schema.js';
import type { Principal } from '../../http/principal.js';
import { inScope } from '../../http/scope.js';
import { reportTexts } from '../../texts/report.js';
import { coachingFigures } from '../coaching/index.js';
import type { SafetyScoreService } from '../safety-score/index.js';
import type { StatisticsService } from '../statistics/index.js';
import { reportFileName, reportPdf } from './pdf.js';
import { checkedRange, queryDays } from './range.js';

export interface ReportOptions {
  /** The instant the range is read at (tests, the scheduled reports' period). */
  now?: number;
}

const REPORT_ROWS = 10;

/** The instants a span of local days covers in the zones it was read in: the first zone's start to the last one's end. */
function spanInstants(span: StatisticsReport['overview']['span'], now: number) {
  const at = (zone: string, day: string, plus = 0) =>
    instantOf(zone, { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)) + plus });
  const zones = span.timeZones.length > 0 ? span.timeZones : ['UTC'];
  if (!span.fromDay) return { startTime: now, endTime: now };
  const startTime = Math.min(...zones.map((zone) => at(zone, span.fromDay)));
  const endTime = Math.min(now, Math.max(...zones.map((zone) => at(zone, span.toDay, 1))) - 1);
  return { startTime: Math.max(0, startTime), endTime: Math.max(0, startTime, endTime) };
}

/** The organisation a report is of: the innermost one the query names, else the caller's own; null for everything. */
const reportOrgOf = (principal: Principal, query: ReportQuery): number | null =>
  query.fleetId ?? query.companyId ?? query.agentId ?? principal.fleetId ?? principal.companyId ?? principal.agentId;

/**
 * The statistics report (`/statistics/report`, issue 19): the overview, safety scores by fleet and the worst vehicles,
 * and coaching over a range, in the caller's scope; on screen as JSON, on paper as an A4 PDF in any language.
 */
export class ReportService {
  constructor(
    private readonly db: Db,
    private readonly statistics: StatisticsService,
    private readonly safety: SafetyScoreService,
  ) {}

  async report(principal: Principal, query: ReportQuery, options: ReportOptions = {}): Promise<StatisticsReport> {
    const now = options.now ?? Date.now();
    const { period } = checkedRange(query, now);
    const ask = { ...query, period };
    const at = { now };
    const [overview, fleets, vehicles, title] = await Promise.all([
      this.statistics.overview(principal, ask, at),
      this.safety.list(principal, { ...ask, level: 'fleet', order: 'worst', limit: REPORT_ROWS }, at),
      this.safety.list(principal, { ...ask, level: 'vehicle', order: 'worst', limit: REPORT_ROWS }, at),
      this.title(principal, query),
    ]);
    const coaching = await coachingFigures(this.db, principal, {
      ...spanInstants(overview.span, now),
      ...(query.agentId === undefined ? {} : { agentId: query.agentId }),
      ...(query.companyId === undefined ? {} : { companyId: query.companyId }),
      ...(query.fleetId === undefined ? {} : { fleetId: query.fleetId }),
    });
    // Without a company in view the statistics have no days of their own: the report names the query's (in UTC).
    const span = overview.span.fromDay ? overview.span : { ...overview.span, ...queryDays(query, now) };
    return {
      title: title ?? '',
      generatedAt: now,
      overview: { ...overview, span },
      safety: {
        overall: vehicles.overall,
        trend: vehicles.trend,
        fleets: fleets.rows,
        worstVehicles: vehicles.rows,
        defaultWeights: vehicles.defaultWeights,
      },
      coaching,
    };
  }

  /** The report as a PDF in a language, its dates in a time zone (the reader's), with the organisation's logo. */
  async pdf(
    principal: Principal,
    query: ReportQuery,
    language: Language,
    options: ReportOptions & { timeZone?: string } = {},
  ): Promise<Readable> {
    return (await this.pdfFile(principal, query, language, options)).pdf;
  }

  /** The PDF and its file name, which carries the report's period (`safety-report-2026-11-01_2026-11-30.pdf`). */
  async pdfFile(
    principal: Principal,
    query: ReportQuery,
    language: Language,
    options: ReportOptions & { timeZone?: string } = {},
  ): Promise<{ pdf: Readable; fileName: string }> {
    const report = await this.report(principal, query, options);
    const logo = await this.logo(principal, query);
    const texts = reportTexts[language];
    const pdf = await reportPdf(report, {
      language,
      timeZone: options.timeZone ?? report.overview.span.timeZones[0] ?? 'UTC',
      title: report.title || texts.everything,
      ...(logo ? { logo } : {}),
    });
    return { pdf, fileName: reportFileName(report.overview.span) };
  }

  /** The organisation the report is of: the one named (checked by the statistics), else the caller's own; null for everything. */
  private async title(principal: Principal, query: ReportQuery): Promise<string | null> {
    const id = reportOrgOf(principal, query);
    if (id === null) return null;
    const [found] = await this.db
      .select({ name: org.name })
      .from(org)
      .where(and(inScope(principal, org), eq(org.id, id)));
    return found?.name ?? null;
  }

  /** The logo of that organisation, else of the organisations above it (a data URL in `org.logo`). */
  private async logo(principal: Principal, query: ReportQuery): Promise<Buffer | undefined> {
    const id = reportOrgOf(principal, query);
    if (id === null) return undefined;
    const result = await this.db.execute(sql`
      select coalesce(org.logo, (select c.logo from org c where c.id = org.belong_company_id and c.id <> org.id),
        (select a.logo from org a where a.id = org.belong_agent_id and a.id <> org.id)) as logo
      from org where org.id = ${id} and ${inScope(principal, org)}`);
    const logo = (result as unknown as { rows: { logo: string | null }[] }).rows[0]?.logo;
    const match = logo ? /^data:image\/(?:png|jpeg);base64,(.+)$/.exec(logo) : null;
    return match?.[1] ? Buffer.from(match[1], 'base64') : undefined;
  }
}

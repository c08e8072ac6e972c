import type { Readable } from 'node:stream';
import { type DefaultTagKind, defaultTagNames, type Language, type StatisticsReport } from '@safety-shield/contract';
import { incidentTypeNames } from '@safety-shield/contract/messages';
import { type Cell, renderPdf, type TableColumn } from '../../pdf/index.js';
import { type ReportTexts, reportTexts } from '../../texts/report.js';

export interface ReportPdfOptions {
  language: Language;
  /** The reader's zone: the generation time is printed in it. */
  timeZone: string;
  /** The organisation line (or "all organisations in your view"). */
  title: string;
  logo?: Buffer;
}

const HOUR_MS = 3_600_000;

/** A local day (YYYY-MM-DD) in the reader's words, e.g. "3 Nov 2026". */
const dayFormat = (language: Language, options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
  return (day: string) => (day ? format.format(new Date(`${day}T00:00:00Z`)) : '—');
};

/** A duration as days and hours, or hours and minutes: "2 d 4 h", "3 h 20 min". */
function duration(ms: number | null, texts: ReportTexts, number: Intl.NumberFormat): string {
  if (ms === null) return '—';
  const hours = ms / HOUR_MS;
  if (hours >= 24)
    return `${number.format(Math.floor(hours / 24))} ${texts.daysUnit} ${number.format(Math.round(hours % 24))} ${texts.hoursUnit}`;
  return `${number.format(Math.round(hours * 10) / 10)} ${texts.hoursUnit}`;
}

/** A tag key of the statistics in the reader's words: a default tag under its stored name is translated. */
function tagName(key: string, name: string | null, texts: ReportTexts): string {
  if (key === 'none') return texts.tags.none;
  if (key in defaultTagNames && (name === null || name === defaultTagNames[key as DefaultTagKind]))
    return texts.tags[key as DefaultTagKind];
  return name ?? key;
}

/**
 * The PDF's file name: the report's period, not the day it was made, so the files of many periods sort and tell
 * themselves apart — `safety-report-2026-11-01_2026-11-30.pdf`, or one day's `safety-report-2026-11-05.pdf`.
 */
export function reportFileName(span: Pick<StatisticsReport['overview']['span'], 'fromDay' | 'toDay'>): string {
  const days = [span.fromDay, span.toDay].filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day));
  const period = [...new Set(days)].join('_');
  return `safety-report${period ? `-${period}` : ''}.pdf`;
}

/**
 * The report as an A4 PDF (SPEC section 9: 10 mm margins; src/pdf): the organisation and period, the summary, charts
 * of incidents and distance over time, incidents by type and tag, the fleet and place rankings, the safety scores with
 * the worst vehicles, coaching and the vehicle allocation. Charts are vectors; text is selectable in every language.
 */
export function reportPdf(report: StatisticsReport, options: ReportPdfOptions): Promise<Readable> {
  const { language } = options;
  const texts = reportTexts[language];
  const types = incidentTypeNames[language];
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const { overview, safety, coaching } = report;
  const longDay = dayFormat(language, { day: 'numeric', month: 'short', year: 'numeric' });
  const bucket = dayFormat(
    language,
    overview.period === 'month' || overview.period === 'year' ? { month: 'short', year: '2-digit' } : { day: 'numeric', month: 'short' },
  );
  const generated = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: options.timeZone }).format(
    report.generatedAt,
  );
  const period = `${longDay(overview.span.fromDay)} – ${longDay(overview.span.toDay)}`;
  const score = (value: number | null) => (value === null ? texts.noScore : value);
  const scoreRow = (row: StatisticsReport['safety']['worstVehicles'][number], first: Cell[]): Cell[] => [
    ...first,
    score(row.score),
    row.incidents,
    row.points,
    row.distanceKm,
    row.pointsPer100Km,
  ];
  const scoreColumns = [
    { header: texts.figures.score, align: 'right' as const, width: 1.3 },
    { header: texts.figures.incidents, align: 'right' as const },
    { header: texts.figures.points, align: 'right' as const },
    { header: texts.figures.distanceKm, align: 'right' as const },
    { header: texts.figures.pointsPer100Km, align: 'right' as const },
  ];
  return renderPdf(
    {
      title: `${texts.title}: ${options.title}`,
      language,
      subject: period,
      author: 'Safety Shield',
      created: new Date(report.generatedAt),
      ...(options.logo ? { logo: options.logo } : {}),
      footer: { text: `Safety Shield · ${options.title}`, page: (page, pages) => `${texts.page} ${page} / ${pages}` },
    },
    (pdf) => {
      /** A section of one table, or the "nothing" line when the table has no rows. */
      const tableSection = (heading: string, columns: readonly TableColumn[], rows: readonly Cell[][]) => {
        pdf.heading(heading);
        if (rows.length === 0) pdf.paragraph(texts.nothing);
        else pdf.table(columns, rows);
      };
      /** Incidents counted by one key (type, tag): its name and the count. */
      const incidentsBy = (heading: string, key: string, rows: readonly Cell[][]) =>
        tableSection(
          heading,
          [
            { header: key, width: 3 },
            { header: texts.figures.incidents, align: 'right' },
          ],
          rows,
        );

      pdf.title(texts.title);
      pdf.keyValues([
        [texts.organisation, options.title],
        [texts.period, period],
        [texts.timeZones, overview.span.timeZones.join(', ') || 'UTC'],
        [texts.generated, generated],
      ]);

      pdf.heading(texts.sections.summary);
      pdf.keyValues([
        [texts.figures.incidents, overview.total],
        [texts.figures.distanceKm, overview.distance.distanceKm],
        [texts.figures.drivingHours, overview.distance.drivingHours],
        [texts.figures.per100Km, overview.distance.per100Km],
        [texts.figures.score, score(safety.overall.score)],
        [texts.figures.vehicles, overview.allocation.vehicles],
        [texts.figures.active, overview.allocation.active],
        [texts.figures.utilisation, overview.allocation.utilisation],
      ]);

      const labels = overview.series.buckets.map((b) => bucket(b.label));
      pdf.heading(texts.sections.overTime);
      pdf.barChart({
        categories: labels,
        series: overview.series.types
          .slice(0, 6)
          .map((line) => ({ name: types[line.key as keyof typeof types] ?? line.key, values: line.counts })),
        unit: texts.figures.incidents,
        height: 75,
        empty: texts.noData,
      });
      pdf.lineChart({
        categories: labels,
        series: [{ name: texts.figures.distanceKm, values: overview.series.buckets.map((b) => b.distanceKm) }],
        unit: 'km',
        height: 60,
        empty: texts.noData,
      });

      incidentsBy(
        texts.sections.byType,
        texts.columns.type,
        overview.byType.map((row) => [types[row.key as keyof typeof types] ?? row.key, row.count]),
      );
      incidentsBy(
        texts.sections.byTag,
        texts.columns.tag,
        overview.byTag.map((row) => [tagName(row.key, row.name, texts), row.count]),
      );

      tableSection(
        texts.sections.fleets,
        [
          { header: texts.columns.fleet, width: 2 },
          { header: texts.columns.company, width: 2 },
          { header: texts.figures.incidents, align: 'right' },
          { header: texts.figures.distanceKm, align: 'right' },
          { header: texts.figures.per100Km, align: 'right' },
        ],
        overview.fleets.map((row) => [row.fleetName, row.companyName, row.incidents, row.distanceKm, row.per100Km]),
      );

      tableSection(
        texts.sections.places,
        [{ header: texts.columns.place, width: 3 }, { header: texts.columns.country }, { header: texts.figures.incidents, align: 'right' }],
        overview.places.records.map((row) => [row.name, row.country, row.incidents]),
      );
      if (overview.places.unplaced > 0) pdf.paragraph(texts.unplaced(number.format(overview.places.unplaced)));

      pdf.heading(texts.sections.safety);
      pdf.paragraph(`${texts.formula} ${safety.defaultWeights ? texts.defaultWeights : texts.ownWeights}`);
      pdf.keyValues([
        [texts.figures.score, score(safety.overall.score)],
        [texts.figures.points, safety.overall.points],
        [texts.figures.pointsPer100Km, safety.overall.pointsPer100Km],
      ]);
      if (safety.fleets.length > 0)
        pdf.table(
          [{ header: texts.columns.fleet, width: 2 }, ...scoreColumns],
          safety.fleets.map((row) => scoreRow(row, [row.name])),
        );
      pdf.lineChart({
        title: texts.sections.safetyTrend,
        categories: safety.trend.map((point) => bucket(point.label)),
        series: [{ name: texts.figures.score, values: safety.trend.map((point) => point.score) }],
        height: 55,
        empty: texts.noData,
      });

      tableSection(
        texts.sections.worstVehicles,
        [{ header: texts.columns.vehicle, width: 1.6 }, { header: texts.columns.fleet, width: 1.6 }, ...scoreColumns],
        safety.worstVehicles.map((row) => scoreRow(row, [row.name, row.fleetName])),
      );

      pdf.heading(texts.sections.coaching);
      pdf.keyValues([
        [texts.coaching.marked, coaching.marked],
        [texts.coaching.needsCoaching, coaching.needsCoaching],
        [texts.coaching.coached, coaching.coached],
        [texts.coaching.dismissed, coaching.dismissed],
        [texts.coaching.medianToCoach, duration(coaching.medianMsToCoach, texts, number)],
        [texts.coaching.averageToCoach, duration(coaching.averageMsToCoach, texts, number)],
      ]);

      pdf.heading(texts.sections.allocation);
      pdf.keyValues([
        [texts.figures.vehicles, overview.allocation.vehicles],
        [texts.figures.leasedOut, overview.allocation.leasedOut],
        [texts.figures.leasedIn, overview.allocation.leasedIn],
        [texts.figures.active, overview.allocation.active],
        [texts.figures.utilisation, overview.allocation.utilisation],
      ]);
    },
  );
}

import type { SafetyScoreRow, StatisticsReport } from '@safety-shield/contract';
import { Card, Col, Descriptions, Row, Statistic, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { numberText, statisticText } from '../../../shared/ui/format.js';
import { SummaryTable } from '../../../shared/ui/SummaryTable.js';

/** Hours and days of a duration in milliseconds, or a dash. */
function duration(ms: number | null, t: TFunction): string {
  if (ms === null) return '—';
  const hours = ms / 3_600_000;
  return hours >= 24 ? t('report.days', { count: Math.round(hours / 24) }) : t('report.hours', { count: Math.round(hours * 10) / 10 });
}

/** One part of the report below its figures: half the width on a wide screen. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Col xs={24} xl={12}>
      <Card size="small" title={title}>
        {children}
      </Card>
    </Col>
  );
}

/** The report on screen: what its PDF prints, in the same order (figures, rankings, safety scores, coaching). */
export function ReportView({ report }: { report: StatisticsReport }) {
  const { t } = useTranslation();
  const { overview, safety, coaching } = report;
  const n = (value: number | null) => numberText(value, 2);
  /** A ranking of safety scores, named by its first column (vehicle or fleet). */
  const scoreColumns = (name: string): ColumnsType<SafetyScoreRow> => [
    { key: 'name', title: name, render: (_, row) => row.name },
    { key: 'score', title: t('report.figures.score'), align: 'right', render: (_, row) => row.score ?? t('report.noScore') },
    { key: 'incidents', title: t('report.figures.incidents'), align: 'right', render: (_, row) => n(row.incidents) },
    { key: 'points', title: t('report.figures.points'), align: 'right', responsive: ['md'], render: (_, row) => n(row.points) },
    { key: 'distance', title: t('report.figures.distanceKm'), align: 'right', responsive: ['sm'], render: (_, row) => n(row.distanceKm) },
    {
      key: 'rate',
      title: t('report.figures.pointsPer100Km'),
      align: 'right',
      responsive: ['lg'],
      render: (_, row) => n(row.pointsPer100Km),
    },
  ];
  const scoreTable = (rows: SafetyScoreRow[], name: string, testId: string) => (
    <SummaryTable<SafetyScoreRow>
      rowKey="id"
      dataSource={rows}
      empty={t('report.nothing')}
      columns={scoreColumns(name)}
      data-testid={testId}
    />
  );
  const figures: [string, number | string | null][] = [
    ['incidents', overview.total],
    ['distanceKm', overview.distance.distanceKm],
    ['drivingHours', overview.distance.drivingHours],
    ['per100Km', overview.distance.per100Km],
    ['score', safety.overall.score],
    ['active', overview.allocation.active],
  ];
  return (
    <div className="report" data-testid="report-view">
      <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="report-title">
        {t('report.title', { name: report.title || t('report.everything') })}
      </Typography.Title>
      <Typography.Paragraph type="secondary" data-testid="report-span">
        {t('report.span', { from: overview.span.fromDay, to: overview.span.toDay, zones: overview.span.timeZones.join(', ') || 'UTC' })}
      </Typography.Paragraph>
      <Row gutter={[12, 12]}>
        {figures.map(([key, value]) => (
          <Col key={key} xs={12} sm={8} lg={4}>
            <Card size="small">
              <Statistic
                title={t(`report.figures.${key}`)}
                value={value === null ? (key === 'score' ? t('report.noScore') : '—') : n(Number(value))}
                formatter={statisticText()}
                data-testid={`report-figure-${key}`}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <Section title={t('report.sections.worstVehicles')}>
          {scoreTable(safety.worstVehicles, t('report.columns.vehicle'), 'report-worst-vehicles')}
        </Section>
        <Section title={t('report.sections.safety')}>{scoreTable(safety.fleets, t('report.columns.fleet'), 'report-fleet-scores')}</Section>
        <Section title={t('report.sections.fleets')}>
          <SummaryTable
            rowKey="fleetId"
            dataSource={overview.fleets}
            empty={t('report.nothing')}
            columns={[
              { key: 'fleet', title: t('report.columns.fleet'), render: (_, row) => row.fleetName },
              { key: 'incidents', title: t('report.figures.incidents'), align: 'right', render: (_, row) => n(row.incidents) },
              {
                key: 'distance',
                title: t('report.figures.distanceKm'),
                align: 'right',
                responsive: ['sm'],
                render: (_, row) => n(row.distanceKm),
              },
              { key: 'rate', title: t('report.figures.per100Km'), align: 'right', render: (_, row) => n(row.per100Km) },
            ]}
            data-testid="report-fleets"
          />
        </Section>
        <Section title={t('report.sections.coaching')}>
          <Descriptions
            size="small"
            column={1}
            data-testid="report-coaching"
            items={[
              { key: 'marked', label: t('report.coaching.marked'), children: n(coaching.marked) },
              { key: 'waiting', label: t('report.coaching.needsCoaching'), children: n(coaching.needsCoaching) },
              { key: 'coached', label: t('report.coaching.coached'), children: n(coaching.coached) },
              { key: 'dismissed', label: t('report.coaching.dismissed'), children: n(coaching.dismissed) },
              { key: 'median', label: t('report.coaching.medianToCoach'), children: duration(coaching.medianMsToCoach, t) },
            ]}
          />
        </Section>
      </Row>
    </div>
  );
}

import type { SafetyLevel, SafetyScoreList, SafetyScoreQuery, SafetyScoreRow } from '@safety-shield/contract';
import { Card, Flex, Segmented, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { numberText } from '../../../../shared/ui/format.js';
import { SummaryTable } from '../../../../shared/ui/SummaryTable.js';
import { ScoreTag } from '../../../safety-score/index.js';

type Order = SafetyScoreQuery['order'];

interface Props {
  data: SafetyScoreList | undefined;
  loading: boolean;
  query: Pick<SafetyScoreQuery, 'level' | 'order'>;
  /** The levels the caller ranks by (companies only for a role that sees several). */
  levels: readonly SafetyLevel[];
  onChange(changes: { level?: SafetyLevel; order?: Order }): void;
}

/** Vehicles, fleets or companies by score, worst or best first, with the figures behind each score. */
export function SafetyRankingCard({ data, loading, query, levels, onChange }: Props) {
  const { t } = useTranslation();
  const level = data?.level ?? query.level;
  const columns: TableColumnsType<SafetyScoreRow> = [
    { key: 'rank', title: '#', width: 40, render: (_, __, index) => index + 1 },
    { key: 'name', title: t(`statistics.safety.level.${level}`), dataIndex: 'name' },
    ...(level === 'vehicle' ? [{ key: 'fleet', title: t('statistics.fleets.fleet'), dataIndex: 'fleetName' }] : []),
    ...(level !== 'company' ? [{ key: 'company', title: t('statistics.fleets.company'), dataIndex: 'companyName' }] : []),
    { key: 'score', title: t('safetyScore.title'), align: 'right', render: (_, row) => <ScoreTag score={row.score} /> },
    { key: 'incidents', title: t('safetyScore.incidents'), align: 'right', render: (_, row) => numberText(row.incidents, 0) },
    { key: 'points', title: t('safetyScore.points'), align: 'right', render: (_, row) => numberText(row.points) },
    { key: 'distance', title: t('safetyScore.distanceKm'), align: 'right', render: (_, row) => numberText(row.distanceKm) },
    { key: 'per100', title: t('safetyScore.per100Km'), align: 'right', render: (_, row) => numberText(row.pointsPer100Km, 2) },
  ];
  return (
    <Card title={t('statistics.safety.ranking')} size="small" data-testid="safety-ranking">
      {/* In the body, not the card's head: two choices beside the title leave it no room on a phone. */}
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        {levels.length > 1 && (
          <Segmented<SafetyLevel>
            value={query.level}
            onChange={(next) => onChange({ level: next })}
            options={levels.map((value) => ({ value, label: t(`statistics.safety.levels.${value}`) }))}
            aria-label={t('statistics.safety.levelLabel')}
            data-testid="safety-level"
          />
        )}
        <Segmented<Order>
          value={query.order}
          onChange={(next) => onChange({ order: next })}
          options={(['worst', 'best'] as const).map((value) => ({ value, label: t(`statistics.safety.order.${value}`) }))}
          aria-label={t('statistics.safety.orderLabel')}
          data-testid="safety-order"
        />
      </Flex>
      <SummaryTable<SafetyScoreRow>
        rowKey="id"
        loading={loading}
        dataSource={data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        columns={columns}
        empty={t('statistics.safety.noneScored')}
        data-testid="safety-ranking-table"
      />
      {data && (data.scored > data.rows.length || data.unscored > 0) && (
        <Flex vertical gap={2} style={{ marginTop: 8 }}>
          {data.scored > data.rows.length && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('statistics.safety.shown', { shown: numberText(data.rows.length, 0), count: data.scored })}
            </Typography.Text>
          )}
          {data.unscored > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="safety-unscored">
              {t('statistics.safety.unscored', { count: data.unscored })}
            </Typography.Text>
          )}
        </Flex>
      )}
    </Card>
  );
}

import { pathTo, type StatisticsQuery, type StatisticsSpan } from '@safety-shield/contract';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTimeZone } from '../../../shared/time/zone.js';
import { numberText } from '../../../shared/ui/format.js';
import { LoadError } from '../../../shared/ui/LoadError.js';
import { durationParts } from '../../devices/index.js';
import { useCoachingFigures } from '../api/get-coaching-figures.js';
import { spanTimes } from './span-times.js';

/** A time to coach in its two largest units ("1 d 4 h"), in the device list's words; none coached is a dash. */
const durationText = (t: TFunction, ms: number | null) =>
  ms === null
    ? '—'
    : durationParts(ms / 1000)
        .map((part) => t(`devices.duration.${part.unit}`, { count: part.count }))
        .join(' ');

/**
 * The coaching of the range's incidents (issue 19): marked, by state now, and how long coaching took. It follows the
 * company and fleet filters; supplier, vehicle, tag and type do not narrow it (said when one is set).
 */
export function CoachingFiguresCard({ query, span }: { query: StatisticsQuery; span: StatisticsSpan | undefined }) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const { agentId, companyId, fleetId } = query;
  const scope = {
    ...(agentId === undefined ? {} : { agentId }),
    ...(companyId === undefined ? {} : { companyId }),
    ...(fleetId === undefined ? {} : { fleetId }),
  };
  const { data, isPending, isError, refetch } = useCoachingFigures(span?.fromDay ? { ...spanTimes(span, zone), ...scope } : undefined);
  // The states in the coaching queue's words.
  const figures = [
    { key: 'marked', title: 'statistics.coaching.marked', text: numberText(data?.marked, 0) },
    { key: 'needsCoaching', title: 'coaching.state.needsCoaching', text: numberText(data?.needsCoaching, 0) },
    { key: 'coached', title: 'coaching.state.coached', text: numberText(data?.coached, 0) },
    { key: 'dismissed', title: 'coaching.state.dismissed', text: numberText(data?.dismissed, 0) },
    { key: 'median', title: 'statistics.coaching.median', text: durationText(t, data?.medianMsToCoach ?? null) },
    { key: 'average', title: 'statistics.coaching.average', text: durationText(t, data?.averageMsToCoach ?? null) },
  ] as const;
  const wider = [query.vehicleId, query.tagId, query.type].some((value) => value !== undefined);
  return (
    <Card
      title={t('coaching.title')}
      size="small"
      loading={isPending}
      extra={<Link to={pathTo('CoachingQueue')}>{t('route.coachingQueue')}</Link>}
      data-testid="statistics-coaching"
    >
      {isError && !data ? (
        <LoadError onRetry={() => void refetch()} />
      ) : (
        <Row gutter={[16, 16]}>
          {figures.map((figure) => (
            <Col key={figure.key} xs={12} md={8} xl={4}>
              <Statistic
                title={t(figure.title)}
                value={figure.text}
                formatter={() => <span data-testid={`statistics-coaching-${figure.key}`}>{figure.text}</span>}
              />
            </Col>
          ))}
        </Row>
      )}
      {wider && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('statistics.coaching.notNarrowed')}
        </Typography.Text>
      )}
    </Card>
  );
}

import { Card, Empty, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { clusterBadge } from './cluster-style.js';

/** The legend's samples: the map's circles for one, ten and a hundred incidents, at three quarters of their size. */
const SAMPLES = [1, 10, 100].map((count) => ({ count, badge: clusterBadge(count, 0.75) }));

/** The total of the view and how the circles read; a note when the busiest cells were all that fit. */
export function MapLegend({ total, truncated, loading }: { total: number | undefined; truncated: boolean; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="ss-map-overlay event-map-legend">
      <Card size="small" data-testid="event-map-legend">
        <Typography.Text strong>
          {t('eventMap.legend.total')}: <span data-testid="event-map-total">{total ?? '…'}</span>
        </Typography.Text>
        {loading && <Spin size="small" style={{ marginLeft: 8 }} />}
        <div className="event-map-legend-scale">
          {SAMPLES.map(({ count, badge }) => (
            <span key={count} className="event-map-legend-item">
              <span
                className={badge.className}
                data-sample={count}
                style={{ width: badge.size, height: badge.size, background: badge.fill }}
              />
              {count === 1 ? t('eventMap.legend.one') : `${count}+`}
            </span>
          ))}
        </div>
        {truncated && <Typography.Text type="secondary">{t('eventMap.legend.truncated')}</Typography.Text>}
      </Card>
    </div>
  );
}

/** Nothing matched the filters in this view. */
export function MapEmpty() {
  const { t } = useTranslation();
  return (
    <div className="ss-map-overlay event-map-empty">
      <Card size="small" data-testid="event-map-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('eventMap.empty')} />
      </Card>
    </div>
  );
}

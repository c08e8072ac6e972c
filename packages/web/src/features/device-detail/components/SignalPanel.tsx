import { TRAIL_MAX_RANGE_MS } from '@safety-shield/contract';
import { Alert, Empty, Flex, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZonedRangePicker } from '../../../shared/time/ZonedPickers.js';
import { LoadError } from '../../../shared/ui/LoadError.js';
import { useSignal } from '../api/device-detail.js';

// ECharts is large: it loads with the first chart drawn.
const SignalChart = lazy(async () => ({ default: (await import('./SignalChart.js')).SignalChart }));

const HOUR_MS = 3_600_000;
/** The last hours up to now, as instants (a preset is worked out when chosen). */
const lastHours = (hours: number): [number, number] => {
  const now = Date.now();
  return [now - hours * HOUR_MS, now];
};

/** The device's signal strength over a chosen range (the server answers at most the trail's range), the last 24 hours first. */
export function SignalPanel({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    const [start, end] = lastHours(24);
    return [dayjs(start), dayjs(end)];
  });
  const startTime = range[0].valueOf();
  const endTime = range[1].valueOf();
  const tooLong = endTime - startTime > TRAIL_MAX_RANGE_MS;
  const query = useSignal({ deviceId, startTime, endTime }, !tooLong && endTime > startTime);
  return (
    <Flex vertical gap={12} data-testid="signal-panel">
      <ZonedRangePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        value={range}
        allowClear={false}
        aria-label={t('deviceDetail.signal.range')}
        presets={[
          { label: t('deviceDetail.signal.last24h'), value: () => lastHours(24) },
          { label: t('deviceDetail.signal.last7d'), value: () => lastHours(24 * 7) },
        ]}
        onChange={(next) => next?.[0] && next[1] && setRange([next[0], next[1]])}
        style={{ maxWidth: 380 }}
      />
      {tooLong && <Alert type="warning" showIcon title={t('deviceDetail.signal.tooLong', { days: TRAIL_MAX_RANGE_MS / 86_400_000 })} />}
      {query.isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
      {query.isError && <LoadError onRetry={() => void query.refetch()} />}
      {query.data?.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deviceDetail.signal.empty')} />}
      {query.data && query.data.length > 0 && (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <SignalChart samples={query.data} />
        </Suspense>
      )}
    </Flex>
  );
}

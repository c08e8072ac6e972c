import { TRAIL_MAX_RANGE_MS } from '@safety-shield/contract';
import { Alert, Empty, Flex, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZonedRangePicker } from '../../../shared/time/ZonedPickers.js';
import { LoadError } from '../../../shared/ui/LoadError.js';
import { useDbm } from '../api/get-dbm.js';

// ECharts is large: it loads only when a device's detail is opened.
const DbmChart = lazy(async () => ({ default: (await import('./DbmChart.js')).DbmChart }));

type Range = [Dayjs, Dayjs];

/** The server answers at most this long a range of readings (the trail's limit). */
const MAX_RANGE_MS = TRAIL_MAX_RANGE_MS;

/** The last hours up to now, as instants (the presets: worked out when chosen). */
const lastHours = (hours: number): [number, number] => {
  const now = Date.now();
  return [now - hours * 3_600_000, now];
};

/** A device's signal strength over a chosen range, the last 24 hours first. */
export function DbmPanel({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>(() => {
    const [start, end] = lastHours(24);
    return [dayjs(start), dayjs(end)];
  });
  const startTime = range[0].valueOf();
  const endTime = range[1].valueOf();
  const tooLong = endTime - startTime > MAX_RANGE_MS;
  const query = useDbm({ deviceId, startTime, endTime }, !tooLong && endTime > startTime);
  return (
    <Flex vertical gap={12} data-testid="dbm-panel">
      <ZonedRangePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        value={range}
        allowClear={false}
        aria-label={t('devices.dbm.range')}
        presets={[
          { label: t('devices.dbm.last24h'), value: () => lastHours(24) },
          { label: t('devices.dbm.last7d'), value: () => lastHours(24 * 7) },
        ]}
        onChange={(next) => next?.[0] && next[1] && setRange([next[0], next[1]])}
        style={{ maxWidth: 380 }}
      />
      {tooLong && <Alert type="warning" showIcon title={t('devices.dbm.tooLong', { days: MAX_RANGE_MS / 86_400_000 })} />}
      {query.isLoading && <Spin />}
      {query.isError && <LoadError onRetry={() => void query.refetch()} />}
      {query.data?.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.dbm.empty')} />}
      {query.data && query.data.length > 0 && (
        <Suspense fallback={<Spin />}>
          <DbmChart samples={query.data} />
        </Suspense>
      )}
    </Flex>
  );
}

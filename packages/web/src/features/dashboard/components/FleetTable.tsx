import type { DashboardRange, FleetStatistic } from '@safety-shield/contract';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { SummaryTable } from '../../../shared/ui/SummaryTable.js';
import { useFleetStatistics } from '../api/get-dashboard.js';

/** Per fleet in scope: vehicles, devices (online), incidents of the range; the busiest first. */
export function FleetTable({ range }: { range: DashboardRange }) {
  const { t } = useTranslation();
  const { data, isPending } = useFleetStatistics(range);
  return (
    <Card title={t('dashboard.fleets.title')} size="small" data-testid="dashboard-fleets">
      <SummaryTable<FleetStatistic>
        rowKey="fleetId"
        loading={isPending}
        dataSource={data?.records ?? []}
        scroll={{ x: 560 }}
        empty={t('dashboard.empty')}
        columns={[
          { key: 'fleet', title: t('dashboard.fleets.fleet'), dataIndex: 'fleetName' },
          { key: 'company', title: t('dashboard.fleets.company'), dataIndex: 'companyName' },
          { key: 'vehicles', title: t('dashboard.fleets.vehicles'), dataIndex: 'vehicles', align: 'right' },
          {
            key: 'devices',
            title: `${t('dashboard.fleets.online')} / ${t('dashboard.fleets.devices')}`,
            align: 'right',
            render: (_, row) => `${row.devicesOnline} / ${row.devices}`,
          },
          { key: 'incidents', title: t('dashboard.fleets.incidents'), dataIndex: 'incidents', align: 'right' },
        ]}
      />
    </Card>
  );
}

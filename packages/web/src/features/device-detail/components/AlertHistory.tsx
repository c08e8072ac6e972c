import type { DeviceAlert } from '@safety-shield/contract';
import { useTranslation } from 'react-i18next';
import { timeColumn } from '../../../shared/ui/list/index.js';
import { alertHistoryQuery, DEVICE_DETAIL_KEY } from '../api/device-detail.js';
import { useAlertFeed } from '../use-alert-feed.js';
import { AlertStateTag, faultText, HandledBy } from './fault.js';
import { PanelTable } from './PanelTable.js';

/**
 * One device's running-status alerts, newest first, every state: when each fault was raised, when it cleared, who
 * handled it and how. Follows the pushes, so a fault the device reports shows without a reload.
 */
export function AlertHistory({ deviceId, tableId }: { deviceId: number; tableId: string }) {
  const { t } = useTranslation();
  useAlertFeed([...DEVICE_DETAIL_KEY, 'alerts'], deviceId);
  return (
    <PanelTable<DeviceAlert>
      tableId={tableId}
      testId="alert-history"
      rowKey="id"
      rows={(paging) => alertHistoryQuery({ deviceId, ...paging })}
      columns={[
        {
          key: 'fault',
          title: t('deviceDetail.alerts.fault'),
          fitWidth: 200,
          render: (_, alert) => <span data-testid="history-fault">{faultText(t, alert.code, alert.channel)}</span>,
        },
        {
          key: 'state',
          title: t('deviceDetail.alerts.state'),
          priority: 1,
          fitWidth: 110,
          render: (_, alert) => <AlertStateTag state={alert.state} testId="history-state" />,
        },
        timeColumn('raised', t('deviceDetail.alerts.raised'), (a) => a.raisedTime, 2),
        timeColumn('cleared', t('deviceDetail.alerts.cleared'), (a) => a.clearedTime, 3),
        {
          key: 'handled',
          title: t('deviceDetail.alerts.handled'),
          priority: 4,
          fitWidth: 220,
          render: (_, alert) => <HandledBy alert={alert} />,
        },
      ]}
    />
  );
}

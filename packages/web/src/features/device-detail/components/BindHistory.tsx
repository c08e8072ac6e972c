import { type BindLogRecord, pathTo } from '@safety-shield/contract';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { timeColumn } from '../../../shared/ui/list/index.js';
import { bindLogQuery } from '../../devices/index.js';
import { PanelTable } from './PanelTable.js';

/** Every bind and unbind of the device, newest first. */
export function BindHistory({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  return (
    <PanelTable<BindLogRecord>
      tableId="device-detail-bind-log"
      testId="detail-bind-log"
      rowKey="id"
      rows={(paging) => bindLogQuery({ deviceId, ...paging })}
      columns={[
        timeColumn('time', t('deviceDetail.bind.time'), (row) => row.time),
        {
          key: 'action',
          title: t('deviceDetail.bind.action'),
          priority: 1,
          fitWidth: 110,
          render: (_, row) => (
            <Space size={4} wrap>
              <Tag color={row.action === 'bind' ? 'blue' : 'default'}>{t(`deviceDetail.bind.${row.action}`)}</Tag>
              {row.forced && <Tag color="warning">{t('deviceDetail.bind.forced')}</Tag>}
            </Space>
          ),
        },
        {
          key: 'plate',
          title: t('deviceDetail.vehicle'),
          priority: 2,
          fitWidth: 140,
          render: (_, row) => <Link to={pathTo('VehicleList', { licensePlate: row.licensePlate })}>{row.licensePlate}</Link>,
        },
        { key: 'who', title: t('deviceDetail.bind.who'), priority: 3, fitWidth: 140, render: (_, row) => row.username },
      ]}
    />
  );
}

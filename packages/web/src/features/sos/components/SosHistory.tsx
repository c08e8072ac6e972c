import { type Role, SOS_HISTORY_LIMIT, type SosHistoryRecord } from '@safety-shield/contract';
import { Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSosHistory } from '../api/sos.js';
import { SosActions } from './SosActions.js';

/** SPEC section 2: the S.O.S history, a paged table (10 a page) of plate, local time and actions. */
export function SosHistory({ open, onClose, role }: { open: boolean; onClose: () => void; role: Role }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useSosHistory(page, open);
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('sos.historyTitle')} width={720} destroyOnHidden>
      <Table<SosHistoryRecord>
        rowKey="id"
        size="small"
        loading={history.isFetching}
        dataSource={history.data?.records ?? []}
        data-testid="sos-history"
        pagination={{
          current: page,
          pageSize: SOS_HISTORY_LIMIT,
          total: history.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('sos.total', { count: total }),
          onChange: setPage,
        }}
        columns={[
          {
            key: 'plate',
            title: t('sos.plate'),
            render: (_, record) => record.vehicleLicensePlate ?? <span className="sos-muted">{record.deviceUuid}</span>,
          },
          { key: 'localTime', title: t('sos.localTime'), render: (_, record) => record.localTime ?? '—' },
          {
            key: 'state',
            title: t('sos.state'),
            render: (_, record) => <Tag color={record.state === 'closed' ? 'default' : 'red'}>{t(`sos.states.${record.state}`)}</Tag>,
          },
          { key: 'actions', title: t('sos.actions'), render: (_, record) => <SosActions sos={record} role={role} onNavigate={onClose} /> },
        ]}
      />
    </Modal>
  );
}

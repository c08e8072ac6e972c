import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { VehicleEmailRecord } from '@safety-shield/contract';
import { Button, Flex, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../shared/ui/format.js';
import { LoadError } from '../../../../shared/ui/LoadError.js';
import { DeleteAction } from '../../../../shared/ui/list/index.js';
import { useDeleteVehicleEmail } from '../../api/delete-email.js';
import { useVehicleEmails } from '../../api/get-emails.js';
import { AddEmailForm } from './AddEmailForm.js';
import { VerifyEmailForm } from './VerifyEmailForm.js';

/** A vehicle's notification e-mails: add, validate with a code sent to the address, delete. */
export function EmailsPanel({ vehicleId, manage }: { vehicleId: number; manage: boolean }) {
  const { t } = useTranslation();
  const emails = useVehicleEmails(vehicleId);
  const remove = useDeleteVehicleEmail(vehicleId);
  const [chosen, setChosen] = useState<{ id: number; email: string }>();
  const records = emails.data ?? [];

  const columns: TableColumnsType<VehicleEmailRecord> = [
    { title: t('vehicles.emails.address'), dataIndex: 'email' },
    {
      title: t('vehicles.emails.state'),
      dataIndex: 'state',
      render: (state: VehicleEmailRecord['state']) => (
        <Tag color={state === 'verified' ? 'success' : 'warning'}>{t(`vehicles.emails.stateOf.${state}`)}</Tag>
      ),
    },
    { title: t('vehicles.emails.codeSentTime'), dataIndex: 'codeSentTime', render: formatTime },
    { title: t('vehicles.emails.verifiedTime'), dataIndex: 'verifiedTime', render: formatTime },
    ...(manage
      ? [
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_: unknown, record: VehicleEmailRecord) => (
              <Space size={0}>
                {record.state === 'unverified' && (
                  <Button
                    type="link"
                    size="small"
                    icon={<SafetyCertificateOutlined />}
                    onClick={() => setChosen({ id: record.id, email: record.email })}
                  >
                    {t('vehicles.emails.validate')}
                  </Button>
                )}
                <DeleteAction
                  name={record.email}
                  onDelete={async () => {
                    await remove.mutateAsync(record.id);
                    if (chosen?.id === record.id) setChosen(undefined);
                  }}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={12} data-testid="vehicle-emails">
      {manage && <AddEmailForm vehicleId={vehicleId} onAdded={(id, email) => setChosen({ id, email })} />}
      {emails.isError && <LoadError title={t('list.loadError')} onRetry={() => void emails.refetch()} />}
      {manage && chosen && (
        <VerifyEmailForm key={chosen.id} vehicleId={vehicleId} chosen={chosen} emails={records} onDone={() => setChosen(undefined)} />
      )}
      <Table<VehicleEmailRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={records}
        loading={emails.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('vehicles.emails.none') }}
      />
    </Flex>
  );
}

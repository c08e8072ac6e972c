import { DeleteOutlined, RollbackOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { type IncidentRecord, pathTo } from '@safety-shield/contract';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListColumns } from '../../shared/ui/list/index.js';
import { useMoveIncidents } from './api/move-incidents.js';
import { ConfirmButton } from './components/ConfirmButton.js';
import { IncidentListFrame } from './components/IncidentListFrame.js';
import { IncidentTable } from './components/IncidentTable.js';
import { incidentColumns } from './components/incident-columns.js';
import { useIncidentPermissions } from './components/permissions.js';
import { useIncidentList } from './components/use-incident-list.js';

/** /event/recycleBin: deleted incidents; restore or delete forever (with their evidence), singly or batch. */
export function RecycleBinPage() {
  const { t } = useTranslation();
  const can = useIncidentPermissions();
  const incidents = useIncidentList(true);
  const { list, query } = incidents;
  const [selected, setSelected] = useState<number[]>([]);
  const restore = useMoveIncidents('restore');
  const forever = useMoveIncidents('forever');

  const act = (move: 'restore' | 'forever', ids: number[]) => async () => {
    await (move === 'restore' ? restore : forever).mutateAsync(ids);
    setSelected((current) => current.filter((id) => !ids.includes(id)));
  };
  const actions = (ids: number[], batch: boolean) => (
    <>
      <ConfirmButton
        testId={batch ? 'bin-batch-restore' : 'bin-restore'}
        label={batch ? t('events.restoreCount', { count: ids.length }) : t('events.restore')}
        icon={<RollbackOutlined />}
        disabled={ids.length === 0}
        confirm={t('events.confirmRestore', { count: ids.length })}
        done={t('events.restored')}
        onConfirm={act('restore', ids)}
        inRow={!batch}
      />
      <ConfirmButton
        testId={batch ? 'bin-batch-forever' : 'bin-forever'}
        label={batch ? t('events.foreverCount', { count: ids.length }) : t('events.forever')}
        icon={<DeleteOutlined />}
        danger
        disabled={ids.length === 0}
        confirm={t('events.confirmForever', { count: ids.length })}
        done={t('events.deletedForever')}
        onConfirm={act('forever', ids)}
        inRow={!batch}
      />
    </>
  );
  const columns: ListColumns<IncidentRecord> = [
    ...incidentColumns(t, { bin: true }),
    ...(can.writes
      ? [
          {
            title: t('list.actions'),
            key: 'actions',
            fixed: 'right' as const,
            fitWidth: 260,
            render: (_: unknown, record: IncidentRecord) => <Space size="small">{actions([record.eventId], false)}</Space>,
          },
        ]
      : []),
  ];

  return (
    <IncidentListFrame
      testId="recycle-bin"
      incidents={incidents}
      actions={
        <>
          {can.writes && actions(selected, true)}
          <Link to={pathTo('EventList')}>
            <Button icon={<UnorderedListOutlined />}>{t('events.backToList')}</Button>
          </Link>
        </>
      }
    >
      <IncidentTable testId="bin-table" columns={columns} list={list} query={query} selected={selected} onSelect={setSelected} />
    </IncidentListFrame>
  );
}

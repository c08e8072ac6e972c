import { DeleteOutlined, RestOutlined, TagsOutlined } from '@ant-design/icons';
import { type IncidentRecord, pathTo } from '@safety-shield/contract';
import { Alert, Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ListColumns } from '../../shared/ui/list/index.js';
import { ShareButton } from '../public-incidents/index.js';
import { useMoveIncidents } from './api/move-incidents.js';
import { ConfirmButton } from './components/ConfirmButton.js';
import { EvidenceZipButton } from './components/EvidenceZipButton.js';
import { ExportButton } from './components/ExportButton.js';
import { IncidentListFrame } from './components/IncidentListFrame.js';
import { IncidentTable } from './components/IncidentTable.js';
import { incidentColumns } from './components/incident-columns.js';
import { useIncidentPermissions } from './components/permissions.js';
import { useIncidentList } from './components/use-incident-list.js';
import { useNewIncidents } from './components/use-new-incidents.js';
import { BatchVideoRequestButton } from './evidence-requests/index.js';

/** /event/list: the incidents in the caller's scope, newest first, live; batch delete to the recycle bin and export. */
export function IncidentListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useIncidentPermissions();
  const incidents = useIncidentList();
  const { list, filters, query } = incidents;
  const [selected, setSelected] = useState<number[]>([]);
  const remove = useMoveIncidents('delete');
  const fresh = useNewIncidents();

  const open = (record: IncidentRecord) => void navigate(pathTo('EventDetail', { eventId: record.eventId }));
  const columns: ListColumns<IncidentRecord> = [
    ...incidentColumns(t),
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      fitWidth: 110,
      render: (_: unknown, record: IncidentRecord) => (
        <Link to={pathTo('EventDetail', { eventId: record.eventId })} onClick={(event) => event.stopPropagation()}>
          {t('events.detail')}
        </Link>
      ),
    },
  ];

  return (
    <IncidentListFrame
      testId="event-list"
      incidents={incidents}
      actions={
        <>
          {can.writes && (
            <ConfirmButton
              testId="event-batch-delete"
              label={t('events.toRecycleBin', { count: selected.length })}
              icon={<DeleteOutlined />}
              danger
              disabled={selected.length === 0}
              confirm={t('events.confirmDelete', { count: selected.length })}
              done={t('events.deleted')}
              onConfirm={async () => {
                await remove.mutateAsync(selected);
                setSelected([]);
              }}
            />
          )}
          {can.shares && <ShareButton eventIds={selected} />}
          {can.asksEvidence && <BatchVideoRequestButton eventIds={selected} />}
          <EvidenceZipButton eventIds={selected} counted />
          <ExportButton filters={filters} />
          <Link to={pathTo('RecycleBin')}>
            <Button icon={<RestOutlined />}>{t('events.recycleBin')}</Button>
          </Link>
          {can.managesTags && (
            <Link to={pathTo('TagList')}>
              <Button icon={<TagsOutlined />}>{t('events.tags')}</Button>
            </Link>
          )}
        </>
      }
    >
      {fresh.count > 0 && (
        <Alert
          type="info"
          showIcon
          data-testid="new-incidents"
          title={t('events.newIncidents', { count: fresh.count })}
          action={
            <Button
              size="small"
              onClick={() => {
                fresh.clear();
                if (list.page !== 1) list.setPage(1, list.limit);
              }}
            >
              {list.page === 1 ? t('events.dismiss') : t('events.showNewest')}
            </Button>
          }
        />
      )}
      {selected.length > 0 && <Typography.Text type="secondary">{t('events.selected', { count: selected.length })}</Typography.Text>}
      <IncidentTable
        testId="event-table"
        columns={columns}
        list={list}
        query={query}
        selected={selected}
        onSelect={setSelected}
        onOpen={open}
      />
    </IncidentListFrame>
  );
}

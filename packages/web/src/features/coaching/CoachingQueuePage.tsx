import { type CoachingRecord, coachingApi, pathTo } from '@safety-shield/contract';
import { Button, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../shared/ui/format.js';
import { actionsColumn, type ListColumns, ListPage, useListParams } from '../../shared/ui/list/index.js';
import { useCan } from '../auth/index.js';
import { useCoachingQueue } from './api/get-queue.js';
import { type CoachingStep, CoachingStepDialog } from './components/CoachingStepDialog.js';
import { ageText, CoachingStateTag } from './components/display.js';
import { QUEUE_FILTERS, queueFilters } from './components/filters.js';
import { QueueFilterBar } from './components/QueueFilterBar.js';

/** /event/coaching: incidents marked as needing coaching, the longest waiting first; coach or dismiss each (issue 19). */
export function CoachingQueuePage() {
  const { t } = useTranslation();
  const can = useCan();
  const writes = can(coachingApi.coach);
  const list = useListParams(QUEUE_FILTERS);
  const filters = useMemo(() => queueFilters(list.filters), [list.filters]);
  const query = useCoachingQueue({ page: list.page, limit: list.limit, ...filters });
  const [step, setStep] = useState<{ step: CoachingStep; row: CoachingRecord }>();
  const subjectOf = (row: CoachingRecord) =>
    [t(`events.types.${row.type}`), row.licensePlate, formatTime(row.triggerTime)].filter(Boolean).join(' · ');

  const columns: ListColumns<CoachingRecord> = [
    {
      key: 'time',
      title: t('coaching.time'),
      fitWidth: 170,
      render: (_, row) => <Link to={pathTo('EventDetail', { eventId: row.eventId })}>{formatTime(row.triggerTime)}</Link>,
    },
    {
      key: 'type',
      title: t('coaching.type'),
      priority: 1,
      fitWidth: 150,
      render: (_, row) => <Tag data-testid="incident-type">{t(`events.types.${row.type}`)}</Tag>,
    },
    { key: 'plate', title: t('coaching.plate'), priority: 1, fitWidth: 110, render: (_, row) => row.licensePlate ?? '—' },
    {
      key: 'state',
      title: t('coaching.stateLabel'),
      priority: 2,
      fitWidth: 140,
      render: (_, row) => <CoachingStateTag state={row.state} />,
    },
    { key: 'age', title: t('coaching.age'), priority: 2, fitWidth: 100, render: (_, row) => ageText(t, row.ageMs) },
    { key: 'fleet', title: t('coaching.fleet'), priority: 3, fitWidth: 140, render: (_, row) => row.fleetName ?? '—' },
    {
      key: 'markedBy',
      title: t('coaching.markedBy'),
      priority: 4,
      fitWidth: 170,
      render: (_, row) => (
        <>
          <div>{row.markedBy}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatTime(row.markedTime)}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'note',
      title: t('coaching.notes'),
      priority: 5,
      fitWidth: 220,
      ellipsis: true,
      render: (_, row) => row.closingNote ?? row.markNote ?? '—',
    },
    {
      key: 'company',
      title: t('coaching.company'),
      priority: 6,
      fitWidth: 140,
      render: (_, row) => row.companyName ?? '—',
    },
  ];
  if (writes)
    columns.push(
      actionsColumn(
        t('list.actions'),
        (row) =>
          row.state === 'needsCoaching' ? (
            <>
              <Button type="link" size="small" onClick={() => setStep({ step: 'coach', row })} data-testid="queue-coach">
                {t('coaching.steps.coach.action')}
              </Button>
              <Button type="link" size="small" onClick={() => setStep({ step: 'dismiss', row })} data-testid="queue-dismiss">
                {t('coaching.steps.dismiss.action')}
              </Button>
            </>
          ) : (
            <Button type="link" size="small" onClick={() => setStep({ step: 'reopen', row })} data-testid="queue-reopen">
              {t('coaching.steps.reopen.action')}
            </Button>
          ),
        170,
      ),
    );

  const total = query.data?.total;
  const waitingOnly = filters.state === 'needsCoaching';
  return (
    <ListPage<CoachingRecord>
      testId="coaching-queue"
      query={query}
      list={list}
      filters={<QueueFilterBar list={list} />}
      actions={
        total !== undefined &&
        waitingOnly && (
          <Typography.Text type="secondary" data-testid="coaching-count">
            {total === 0 ? t('coaching.nothingWaiting') : t('coaching.waiting', { count: total })}
          </Typography.Text>
        )
      }
      rowKey="eventId"
      columns={columns}
    >
      {step && (
        <CoachingStepDialog step={step.step} eventId={step.row.eventId} subject={subjectOf(step.row)} onClose={() => setStep(undefined)} />
      )}
    </ListPage>
  );
}

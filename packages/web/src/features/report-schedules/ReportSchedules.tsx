import { DeleteOutlined, EditOutlined, PlusOutlined, SendOutlined, WarningOutlined } from '@ant-design/icons';
import { type ReportDeliverySummary, type ReportRecipientOutcome, type ReportSchedule, reportScheduleApi } from '@safety-shield/contract';
import { App, Button, type ButtonProps, Flex, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/ui/ConfirmAction.js';
import { formatTime } from '../../shared/ui/format.js';
import { actionsColumn, type ListColumns, ListPage, StateSwitch } from '../../shared/ui/list/index.js';
import { useCan } from '../auth/index.js';
import { useDeleteSchedule, useReportSchedules, useSendSchedule, useUpdateSchedule } from './api/report-schedules.js';
import { reasonText, recipientName } from './components/RecipientProblems.js';
import { ScheduleForm } from './components/ScheduleForm.js';

const states = ['enabled', 'disabled'] as const;

/**
 * A row action as an icon, its name in a tooltip and for screen readers, so three actions fit beside a phone's name
 * column. The rest of the props reach the button: a confirmation around it hands it its ref and events.
 */
function RowIcon({ label, testId, ...button }: Omit<ButtonProps, 'type' | 'size' | 'children'> & { label: string; testId: string }) {
  return (
    <Tooltip title={label} placement="bottom">
      <Button type="link" size="small" aria-label={label} data-testid={testId} {...button} />
    </Tooltip>
  );
}

/** The organisation a schedule's report is of: the narrowest named. */
const scopeOf = (row: ReportSchedule) => row.fleetName ?? row.companyName ?? row.agentName;

/** A recipient who got nothing, and why, in the reader's words. */
const missedText = (t: TFunction, missed: ReportRecipientOutcome) =>
  t('reportSchedules.missedLine', { name: recipientName(missed), reason: reasonText(t, missed.reason ?? 'SERVER_EXCEPTION') });

/** How the latest period went: its first day, the deliveries by state, and who got nothing and why. */
function LastDelivery({ delivery }: { delivery: ReportDeliverySummary | null }) {
  const { t } = useTranslation();
  if (!delivery) return <Typography.Text type="secondary">{t('reportSchedules.never')}</Typography.Text>;
  const total = delivery.sent + delivery.failed + delivery.sending + delivery.skipped;
  return (
    <Flex vertical gap={2} data-testid="report-schedule-delivery">
      <span>{t('reportSchedules.delivery.period', { day: delivery.periodStart })}</span>
      <Flex wrap gap={4}>
        <Tag color={delivery.sent === total ? 'success' : 'default'}>
          {t('reportSchedules.delivery.sent', { sent: delivery.sent, total })}
        </Tag>
        {delivery.failed > 0 && <Tag color="error">{t('reportSchedules.delivery.failed', { n: delivery.failed })}</Tag>}
        {delivery.sending > 0 && <Tag color="processing">{t('reportSchedules.delivery.sending', { n: delivery.sending })}</Tag>}
        {delivery.skipped > 0 && <Tag color="warning">{t('reportSchedules.delivery.skipped', { n: delivery.skipped })}</Tag>}
      </Flex>
      {delivery.missed.length > 0 && (
        <ul style={{ margin: 0, paddingInlineStart: 16, fontSize: 12 }} data-testid="report-schedule-missed">
          {delivery.missed.map((missed) => (
            <li key={missed.accountId} data-state={missed.state}>
              {missedText(t, missed)}
            </li>
          ))}
        </ul>
      )}
      {delivery.lastSentTime !== null && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatTime(delivery.lastSentTime)}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** "Send now": asks first, then says to how many it went and how many could not get it. */
function SendNow({ row }: { row: ReportSchedule }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const send = useSendSchedule();
  const confirm = async () => {
    try {
      const result = await send.mutateAsync({ id: row.id });
      const missed = result.recipients.filter((recipient) => recipient.state !== 'sent');
      const text = t('reportSchedules.sendDone', { count: result.sent });
      if (missed.length === 0) message.success(text);
      else
        message.warning({
          content: `${text} ${t('reportSchedules.sendMissed', { list: missed.map((m) => missedText(t, m)).join('; ') })}`,
          // Long enough to read every name and reason (the list's last delivery keeps them).
          duration: 10,
        });
    } catch {
      // The HTTP layer said why.
    }
  };
  return (
    <Popconfirm
      title={t('reportSchedules.sendConfirm', { name: row.name })}
      description={t('reportSchedules.sendHint')}
      okText={t('reportSchedules.send')}
      cancelText={t('common.cancel')}
      onConfirm={confirm}
    >
      <RowIcon label={t('reportSchedules.send')} icon={<SendOutlined />} loading={send.isPending} testId="report-schedule-send" />
    </Popconfirm>
  );
}

/**
 * Scheduled reports (issue 19): the caller's schedules with their frequency, organisation, recipients, switch and last
 * delivery; add and edit in a drawer, delete, "Send now". Meant as a tab of the report page, so paging stays local.
 */
export function ReportSchedules() {
  const { t } = useTranslation();
  const can = useCan();
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const query = useReportSchedules(paging);
  const update = useUpdateSchedule();
  const remove = useDeleteSchedule();
  const [form, setForm] = useState<{ schedule?: ReportSchedule }>();
  const writes = can(reportScheduleApi.update);
  const list = { ...paging, setPage: (page: number, limit: number) => setPaging({ page: limit === paging.limit ? page : 1, limit }) };

  const columns: ListColumns<ReportSchedule> = [
    { key: 'name', title: t('reportSchedules.name'), fitWidth: 180, render: (_, row) => row.name },
    {
      key: 'frequency',
      title: t('reportSchedules.frequency'),
      priority: 1,
      fitWidth: 110,
      render: (_, row) => <Tag>{t(`reportSchedules.frequencies.${row.frequency}`)}</Tag>,
    },
    {
      key: 'scope',
      title: t('reportSchedules.scope'),
      priority: 2,
      fitWidth: 160,
      render: (_, row) => scopeOf(row) ?? <Typography.Text type="secondary">{t('reportSchedules.wholeScope')}</Typography.Text>,
    },
    {
      key: 'recipients',
      title: t('reportSchedules.recipients'),
      priority: 2,
      fitWidth: 150,
      render: (_, row) => {
        const unreachable = row.recipients.filter((r) => r.cannotReceive !== null);
        return (
          <Flex vertical gap={2}>
            <Tooltip title={row.recipients.map((r) => r.username).join(', ')}>
              <span data-testid="report-schedule-recipient-count">
                {t('reportSchedules.recipientCount', { count: row.recipients.length })}
              </span>
            </Tooltip>
            {unreachable.length > 0 && (
              <Tooltip
                title={unreachable
                  .map((r) =>
                    t('reportSchedules.missedLine', {
                      name: recipientName(r),
                      reason: reasonText(t, r.cannotReceive ?? 'ACCOUNT_UNAVAILABLE'),
                    }),
                  )
                  .join('; ')}
              >
                <Typography.Text type="warning" data-testid="report-schedule-cannot-receive-count">
                  <WarningOutlined /> {t('reportSchedules.cannotReceive', { count: unreachable.length })}
                </Typography.Text>
              </Tooltip>
            )}
          </Flex>
        );
      },
    },
    {
      key: 'enabled',
      title: t('reportSchedules.enabled'),
      priority: 1,
      fitWidth: 110,
      render: (_, row) =>
        writes ? (
          <StateSwitch
            state={row.enabled ? 'enabled' : 'disabled'}
            states={states}
            texts="reportSchedules"
            name={row.name}
            onChange={(state) => update.mutateAsync({ id: row.id, enabled: state === 'enabled' })}
          />
        ) : (
          t(`reportSchedules.state.${row.enabled ? 'enabled' : 'disabled'}`)
        ),
    },
    {
      key: 'lastDelivery',
      title: t('reportSchedules.lastDelivery'),
      priority: 3,
      fitWidth: 200,
      render: (_, row) => <LastDelivery delivery={row.lastDelivery} />,
    },
    { key: 'createdBy', title: t('reportSchedules.createdBy'), priority: 4, fitWidth: 130, render: (_, row) => row.createdBy },
  ];
  if (writes)
    columns.push(
      actionsColumn(
        t('list.actions'),
        (row) => (
          <>
            {can(reportScheduleApi.send) && <SendNow row={row} />}
            <RowIcon
              label={t('list.edit')}
              icon={<EditOutlined />}
              onClick={() => setForm({ schedule: row })}
              testId="report-schedule-edit"
            />
            {can(reportScheduleApi.remove) && (
              <ConfirmAction
                title={t('list.deleteConfirm', { name: row.name })}
                okText={t('list.delete')}
                danger
                done={t('list.deleted')}
                onConfirm={() => remove.mutateAsync(row.id)}
              >
                <RowIcon label={t('list.delete')} icon={<DeleteOutlined />} danger testId="report-schedule-delete" />
              </ConfirmAction>
            )}
          </>
        ),
        110,
      ),
    );

  return (
    <ListPage<ReportSchedule>
      testId="report-schedules"
      embedded
      query={query}
      list={list}
      rowKey="id"
      columns={columns}
      actions={
        can(reportScheduleApi.create) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({})} data-testid="report-schedule-add">
            {t('reportSchedules.add')}
          </Button>
        )
      }
    >
      <ScheduleForm open={form !== undefined} schedule={form?.schedule} onClose={() => setForm(undefined)} />
    </ListPage>
  );
}

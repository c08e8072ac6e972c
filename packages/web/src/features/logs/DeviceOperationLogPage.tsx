import { type DeviceOperationQuery, type DeviceOperationRecord, logApi, pathTo } from '@safety-shield/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../shared/http/api.js';
import { DaysFilterBar, daySpanOf, type ListColumns, ListPage, ListTable, TextFilter, useListParams } from '../../shared/ui/list/index.js';
import { logActions } from './components/actions.js';
import { ActionFilter, CsvExportButton, logColumns } from './components/log-parts.js';

const FILTERS = ['device', 'username', 'action', 'from', 'to'] as const;
const DEVICE_ACTIONS = logActions.filter((action) => action.startsWith('device.'));
/** A value in a change, short: a long document is cut (the export holds it whole). */
const MAX_VALUE = 80;

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** Each property the action changed: its name (in words where the console has them), before → after. */
function changes(record: DeviceOperationRecord, t: TFunction, exists: (key: string) => boolean): string[] {
  const keys = [...new Set([...Object.keys(record.before ?? {}), ...Object.keys(record.after ?? {})])];
  return keys.map((key) => {
    const name = exists(`deviceConfig.prop.${key}`) ? t(`deviceConfig.prop.${key}`) : key;
    return `${name}: ${valueText(record.before?.[key])} → ${valueText(record.after?.[key])}`;
  });
}

/** /system/deviceOperatonLog (Super Admin): every operator action on devices, who and when, before → after. */
export function DeviceOperationLogPage() {
  const { t, i18n } = useTranslation();
  const list = useListParams(FILTERS);
  const { device, username, action } = list.filters;
  const { from, to } = daySpanOf(list.filters);
  const params: DeviceOperationQuery = { page: list.page, limit: list.limit, device, username, action, from, to };
  const query = useQuery({
    queryKey: ['deviceOperationLog', params],
    queryFn: () => call(logApi.devices, params),
    placeholderData: keepPreviousData,
  });

  const columns: ListColumns<DeviceOperationRecord> = [
    logColumns.time(t),
    {
      title: t('deviceLog.device'),
      key: 'device',
      priority: 1,
      fitWidth: 190,
      render: (_, record) =>
        record.deviceId ? (
          <Link to={pathTo('DeviceDetail', { query: { deviceId: record.deviceId } })}>{record.deviceUuid ?? record.deviceId}</Link>
        ) : (
          (record.target ?? '—')
        ),
    },
    logColumns.action(t, 1),
    {
      title: t('deviceLog.change'),
      key: 'change',
      priority: 2,
      fitWidth: 320,
      render: (_, record) => {
        const lines = changes(record, t, (key) => i18n.exists(key));
        return lines.length === 0
          ? '—'
          : lines.map((line) => (
              <Typography.Paragraph key={line} style={{ marginBottom: 0 }}>
                {line}
              </Typography.Paragraph>
            ));
      },
    },
    logColumns.username(t, 2),
    logColumns.result(t, 3),
  ];

  return (
    <ListPage
      testId="device-operation-log"
      actions={
        <CsvExportButton
          declaration={logApi.devicesExport}
          input={{ device, username, action, from, to }}
          filename="device-operation-log.csv"
        />
      }
      query={query}
      filters={
        <DaysFilterBar list={list} values={{ device, username, action }} rangeLabel={t('log.dateRange')} toExclusive>
          <TextFilter name="device" label={t('deviceLog.device')} placeholder="UUID" width={180} />
          <TextFilter name="username" label={t('log.username')} width={160} />
          <ActionFilter actions={DEVICE_ACTIONS} width={240} />
        </DaysFilterBar>
      }
    >
      <ListTable<DeviceOperationRecord> tableId="device-operation-log" rowKey="id" columns={columns} list={list} query={query} />
    </ListPage>
  );
}

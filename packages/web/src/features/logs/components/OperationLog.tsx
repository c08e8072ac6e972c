import { codeKeys, logApi, type OperationLogRecord } from '@safety-shield/contract';
import { useTranslation } from 'react-i18next';
import {
  DaysFilterBar,
  daySpanOf,
  type ListColumns,
  ListPage,
  ListTable,
  SelectFilter,
  TextFilter,
  useListParams,
} from '../../../shared/ui/list/index.js';
import { type LogScope, useOperationLog } from '../api/get-operation-log.js';
import { logActions } from './actions.js';
import { ActionFilter, CsvExportButton, logColumns } from './log-parts.js';

const FILTERS = ['username', 'action', 'result', 'from', 'to'] as const;

const dash = (value: string | null | undefined) => value || '—';

/**
 * A paged operation log with its filters; `own` is the caller's log, `system` the log of its scope.
 * A fixed `action` keeps the log to those actions and hides the action filter.
 */
export function OperationLog({ scope, action: fixedAction }: { scope: LogScope; action?: string }) {
  const { t, i18n } = useTranslation();
  const list = useListParams(FILTERS);
  const { username, result } = list.filters;
  const action = fixedAction ?? list.filters.action;
  const { from, to } = daySpanOf(list.filters);
  const system = scope === 'system';
  const query = useOperationLog(scope, {
    page: list.page,
    limit: list.limit,
    action,
    from,
    to,
    ...(system ? { username, result } : {}),
  });

  // Issue 16: when, who and what first; the target, role and address as the width allows.
  const columns: ListColumns<OperationLogRecord> = [
    logColumns.time(t),
    ...(system ? [logColumns.username<OperationLogRecord>(t, 2)] : []),
    {
      title: t('log.role'),
      dataIndex: 'role',
      priority: 4,
      fitWidth: 140,
      render: (role: string | null) => (role && i18n.exists(`roles.${role}`) ? t(`roles.${role}`) : dash(role)),
    },
    logColumns.action(t, 2),
    { title: t('log.target'), dataIndex: 'target', render: dash, ellipsis: true, priority: 3, fitWidth: 200 },
    logColumns.result(t, 2),
    { title: t('log.ip'), dataIndex: 'ip', render: dash, priority: 4, fitWidth: 140 },
  ];

  return (
    <ListPage
      testId={`operation-log-${scope}`}
      embedded={!system}
      actions={
        system && (
          <CsvExportButton declaration={logApi.export} input={{ username, action, result, from, to }} filename="operation-log.csv" />
        )
      }
      query={query}
      filters={
        <DaysFilterBar list={list} values={{ username, action, result }} rangeLabel={t('log.dateRange')} toExclusive>
          {system && <TextFilter name="username" label={t('log.username')} width={160} />}
          {!fixedAction && <ActionFilter actions={logActions} width={220} />}
          {system && (
            <SelectFilter
              name="result"
              label={t('log.result')}
              width={220}
              showSearch={{ optionFilterProp: 'label' }}
              values={Object.keys(codeKeys)}
              textKey="codeKey"
            />
          )}
        </DaysFilterBar>
      }
    >
      <ListTable<OperationLogRecord> tableId={`operation-log-${scope}`} rowKey="id" columns={columns} list={list} query={query} />
    </ListPage>
  );
}

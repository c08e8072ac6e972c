import { codeKeys, logApi, type OperationLogRecord } from '@safety-shield/contract';
import { useTranslation } from 'react-i18next';
import { actorText, formatTime } from '../../../shared/ui/format.js';
import {
  DaysFilterBar,
  type ListColumns,
  ListPage,
  ListTable,
  numberFilter,
  SelectFilter,
  TextFilter,
  useListParams,
} from '../../../shared/ui/list/index.js';
import { type LogScope, useOperationLog } from '../api/get-operation-log.js';
import { actionLabel, logActions } from './actions.js';
import { CsvExportButton, ResultTag } from './log-parts.js';

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
  const from = numberFilter(list.filters.from);
  const to = numberFilter(list.filters.to);
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
    { title: t('log.time'), dataIndex: 'at', render: formatTime, fitWidth: 180 },
    ...(system ? [{ title: t('log.username'), dataIndex: 'username', priority: 2, fitWidth: 130, render: actorText }] : []),
    {
      title: t('log.role'),
      dataIndex: 'role',
      priority: 4,
      fitWidth: 140,
      render: (role: string | null) => (role && i18n.exists(`roles.${role}`) ? t(`roles.${role}`) : dash(role)),
    },
    { title: t('log.action'), dataIndex: 'action', priority: 2, fitWidth: 200, render: (value: string) => actionLabel(value, t) },
    { title: t('log.target'), dataIndex: 'target', render: dash, ellipsis: true, priority: 3, fitWidth: 200 },
    {
      title: t('log.result'),
      dataIndex: 'result',
      priority: 2,
      fitWidth: 160,
      render: (value: string) => <ResultTag value={value} />,
    },
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
          {!fixedAction && (
            <SelectFilter
              name="action"
              label={t('log.action')}
              width={220}
              showSearch={{ optionFilterProp: 'label' }}
              options={logActions.map((value) => ({ value, label: actionLabel(value, t) }))}
            />
          )}
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

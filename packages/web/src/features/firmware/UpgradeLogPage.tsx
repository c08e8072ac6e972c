import { firmwareApi, type UpgradeLogQuery, type UpgradeLogRecord, upgradeOutcomes } from '@safety-shield/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DaysFilterBar,
  daySpanOf,
  type ListColumns,
  ListPage,
  SelectFilter,
  TextFilter,
  timeColumn,
  useListParams,
} from '../../shared/ui/list/index.js';
import { CsvExportButton } from '../logs/index.js';
import { usePackages } from './api/packages.js';
import { useUpgradeLog } from './api/upgrade-log.js';
import { campaignPath } from './components/paths.js';
import { OutcomeTag } from './components/UpgradeTags.js';
import { upgradeColumns } from './components/upgrade-columns.js';

const FILTERS = ['keyword', 'version', 'result', 'from', 'to'] as const;

/** /system/deviceLog (Super Admin): every firmware upgrade attempt that ended, newest first: from which version to which, and why. */
export function UpgradeLogPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const { keyword, version } = list.filters;
  const result = upgradeOutcomes.find((value) => value === list.filters.result);
  const { from, to } = daySpanOf(list.filters);
  const filters: Omit<UpgradeLogQuery, 'page' | 'limit'> = { keyword, version, result, startTime: from, endTime: to };
  const query = useUpgradeLog({ page: list.page, limit: list.limit, ...filters });
  const packages = usePackages({ page: 1, limit: 100 });

  const columns: ListColumns<UpgradeLogRecord> = [
    timeColumn('ended', t('firmware.log.ended'), (record) => record.endTime),
    upgradeColumns.device(t, 'device', 1),
    {
      key: 'package',
      title: t('firmware.log.package'),
      priority: 2,
      fitWidth: 110,
      render: (_, record) => <Link to={campaignPath(record.taskId)}>{record.packageVersion}</Link>,
    },
    {
      key: 'change',
      title: t('firmware.log.change'),
      priority: 2,
      fitWidth: 170,
      render: (_, record) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {record.fromVersion ?? '—'} → {record.toVersion ?? '—'}
        </span>
      ),
    },
    {
      key: 'result',
      title: t('firmware.log.result'),
      priority: 1,
      fitWidth: 110,
      render: (_, record) => <OutcomeTag result={record.result} />,
    },
    upgradeColumns.reason(t, (record) => record.result === 'failed', 220),
    timeColumn('started', t('firmware.log.started'), (record) => record.startTime, 4),
  ];

  return (
    <ListPage<UpgradeLogRecord>
      testId="device-upgrade-log"
      actions={<CsvExportButton declaration={firmwareApi.logExport} input={filters} filename="device-upgrade-log.csv" />}
      query={query}
      list={list}
      filters={
        <DaysFilterBar list={list} values={{ keyword, version, result }} rangeLabel={t('firmware.log.range')}>
          <TextFilter name="keyword" label={t('firmware.device')} placeholder="UUID" width={180} />
          <SelectFilter
            name="version"
            label={t('firmware.log.package')}
            width={160}
            showSearch
            loading={packages.isPending}
            options={(packages.data?.records ?? []).map((pkg) => ({ value: pkg.version, label: pkg.version }))}
          />
          <SelectFilter name="result" label={t('firmware.log.result')} width={150} values={upgradeOutcomes} textKey="firmware.result" />
        </DaysFilterBar>
      }
      rowKey="id"
      columns={columns}
    />
  );
}

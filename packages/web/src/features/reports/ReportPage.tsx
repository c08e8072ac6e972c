import { Alert, Card, Flex, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/ui/LoadError.js';
import { useUrlView } from '../../shared/ui/list/index.js';
import { PageTabs } from '../../shared/ui/PageTabs.js';
import { ReportSchedules } from '../report-schedules/index.js';
import { useReport } from './api/get-report.js';
import { REPORT_KEYS, reportQueryOf } from './components/query.js';
import { ReportControls } from './components/ReportControls.js';
import { ReportView } from './components/ReportView.js';
import './report.css';

/**
 * `/statistics/report` (issue 19): the report of a range and an organisation — the statistics' figures and rankings,
 * safety scores with the worst vehicles, coaching — on screen, printed, or as an A4 PDF in any of the seven languages.
 * The view lives in the URL.
 */
export function ReportPage() {
  const { t } = useTranslation();
  const { filters, set } = useUrlView(REPORT_KEYS);
  const query = useMemo(() => reportQueryOf(filters), [filters]);
  const report = useReport(query);

  const tab = filters.tab === 'scheduled' ? 'scheduled' : 'report';

  const reportTab = (
    <Flex vertical gap={16}>
      <Card size="small" className="report-no-print">
        <ReportControls filters={filters} onChange={set} />
      </Card>
      <Card size="small">
        {!query ? (
          <Alert type="info" showIcon title={t('report.pickDays')} data-testid="report-pick-days" />
        ) : report.isError ? (
          <LoadError title={report.error.message} onRetry={() => void report.refetch()} />
        ) : report.data ? (
          <ReportView report={report.data} />
        ) : (
          <Skeleton active />
        )}
      </Card>
    </Flex>
  );
  return (
    <PageTabs
      className="report-page"
      activeKey={tab}
      onChange={(next) => set({ tab: next === 'report' ? undefined : next })}
      items={[
        { key: 'report', label: t('report.tabs.report'), children: reportTab },
        { key: 'scheduled', label: t('report.tabs.scheduled'), children: <ReportSchedules /> },
      ]}
      data-testid="report-tabs"
    />
  );
}

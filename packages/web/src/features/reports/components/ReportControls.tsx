import { FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { type Language, languageNames, languages, type ReportRange, reportApi, reportRanges } from '@safety-shield/contract';
import { App, Button, DatePicker, Flex, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/http/download.js';
import { usePreferences } from '../../../shared/preferences/PreferencesProvider.js';
import { useDownload } from '../../../shared/ui/DownloadButton.js';
import { FilterBar } from '../../../shared/ui/list/index.js';
import { useSelfInfo } from '../../auth/index.js';
import { OrgScopeFilters, scopeKindsOf } from '../../orgs/index.js';
import { type ReportKey, reportQueryOf, reportRangeOf } from './query.js';

const DAY = 'YYYY-MM-DD';
const MAX_DAYS = 366;

interface Props {
  filters: Partial<Record<ReportKey, string>>;
  onChange(changes: Partial<Record<ReportKey, string | undefined>>): void;
}

/** The report's range (a custom one by its days), its organisation, and the PDF in a chosen language or the print. */
export function ReportControls({ filters, onChange }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const role = useSelfInfo().data?.baseInfo.role;
  const preferences = usePreferences();
  const [language, setLanguage] = useState<Language>(preferences.language);
  const pdf = useDownload();
  const range = reportRangeOf(filters);
  const query = reportQueryOf(filters);
  const orgValues = useMemo(
    () => ({ agentId: query?.agentId, companyId: query?.companyId, fleetId: query?.fleetId }),
    [query?.agentId, query?.companyId, query?.fleetId],
  );
  const kinds = scopeKindsOf(role);
  const text = (value: number | undefined) => (value === undefined ? undefined : String(value));

  const download = async () => {
    if (!query) return;
    const saved = await pdf.run(() => downloadFile(reportApi.reportPdf, { ...query, language }, `safety-report-${language}.pdf`));
    if (saved) message.success(t('report.downloaded'));
    else message.error(t('report.downloadFailed'));
  };

  return (
    <Flex vertical gap={8}>
      <Flex wrap gap="8px 24px" align="center" className="report-controls">
        <Space wrap>
          <label htmlFor="report-range">{t('report.range')}</label>
          <Select<ReportRange>
            id="report-range"
            value={range}
            onChange={(next) => onChange({ range: next, fromDay: undefined, toDay: undefined })}
            style={{ minWidth: 190 }}
            options={reportRanges.map((r) => ({ value: r, label: t(`report.ranges.${r}`) }))}
            data-testid="report-range"
          />
        </Space>
        {range === 'custom' && (
          <DatePicker.RangePicker
            aria-label={t('report.customDays')}
            value={filters.fromDay && filters.toDay ? [dayjs(filters.fromDay), dayjs(filters.toDay)] : null}
            onChange={(days) => onChange({ fromDay: days?.[0]?.format(DAY), toDay: days?.[1]?.format(DAY) })}
            disabledDate={(day, info) => {
              const from = info.from;
              return day.isAfter(dayjs(), 'day') || (from !== undefined && Math.abs(day.diff(from, 'day')) >= MAX_DAYS);
            }}
            data-testid="report-days"
          />
        )}
        <Space wrap className="report-actions">
          <label htmlFor="report-language">{t('report.language')}</label>
          <Select<Language>
            id="report-language"
            value={language}
            onChange={setLanguage}
            style={{ minWidth: 130 }}
            options={languages.map((l) => ({ value: l, label: languageNames[l] }))}
            data-testid="report-language"
          />
          <Button
            type="primary"
            icon={<FilePdfOutlined />}
            loading={pdf.running}
            disabled={!query}
            onClick={download}
            data-testid="report-pdf"
          >
            {t('report.pdf')}
          </Button>
          <Button icon={<PrinterOutlined />} disabled={!query} onClick={() => window.print()} data-testid="report-print">
            {t('report.print')}
          </Button>
        </Space>
      </Flex>
      {kinds.length > 0 && (
        <FilterBar<typeof orgValues>
          values={orgValues}
          onSearch={(values) =>
            onChange({ agentId: text(values.agentId), companyId: text(values.companyId), fleetId: text(values.fleetId) })
          }
          onReset={() => onChange({ agentId: undefined, companyId: undefined, fleetId: undefined })}
        >
          <OrgScopeFilters kinds={kinds} labelOf={(kind) => t(`report.filter.${kind}`)} />
        </FilterBar>
      )}
    </Flex>
  );
}

import type { DeviceOnlineExportQuery } from '@safety-shield/contract';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../shared/ui/DownloadButton.js';
import { exportOnline } from '../api/export-online.js';

/**
 * The online report of the filtered devices as .xlsx, with an hours column for each day of the span. SPEC section 8: a
 * failed export is only logged by the download helper; the page says so in a short hint.
 */
export function ExportOnlineButton({ query, disabled }: { query: Omit<DeviceOnlineExportQuery, 'filename'>; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <DownloadButton
      save={() => exportOnline(query)}
      failed={t('lineSummary.exportFailed')}
      disabled={disabled}
      data-testid="summary-export"
    >
      {t('lineSummary.export')}
    </DownloadButton>
  );
}

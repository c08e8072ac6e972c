import { DownloadOutlined } from '@ant-design/icons';
import type { DeviceOnlineExportQuery } from '@safety-shield/contract';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportOnline } from '../api/export-online.js';

/**
 * The online report of the filtered devices as .xlsx, with an hours column for each day of the span. SPEC section 8: a
 * failed export is only logged by the download helper; the page says so in a short hint.
 */
export function ExportOnlineButton({ query, disabled }: { query: Omit<DeviceOnlineExportQuery, 'filename'>; disabled: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    const saved = await exportOnline(query);
    setRunning(false);
    if (!saved) message.warning(t('lineSummary.exportFailed'));
  };
  return (
    <Button icon={<DownloadOutlined />} loading={running} disabled={disabled} onClick={() => void run()} data-testid="summary-export">
      {t('lineSummary.export')}
    </Button>
  );
}

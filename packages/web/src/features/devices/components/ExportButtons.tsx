import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeviceExportKind, exportDevices } from '../api/export-devices.js';
import type { DeviceFilters } from './filters.js';

/**
 * The two .xlsx exports of the filtered list. SPEC section 8: a failed export is only logged (the download helper
 * logs it and shows nothing), so a failure just ends the button's loading state.
 */
export function ExportButtons({ filters }: { filters: DeviceFilters }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<DeviceExportKind>();
  const run = async (kind: DeviceExportKind) => {
    setRunning(kind);
    await exportDevices(kind, filters);
    setRunning(undefined);
  };
  return (['devices', 'online'] as const).map((kind) => (
    <Button
      key={kind}
      icon={<DownloadOutlined />}
      loading={running === kind}
      disabled={running !== undefined && running !== kind}
      onClick={() => void run(kind)}
    >
      {t(`devices.export.${kind}`)}
    </Button>
  ));
}

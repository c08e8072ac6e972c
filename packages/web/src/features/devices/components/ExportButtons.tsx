import { DownloadOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeviceExportKind, exportDevices } from '../api/export-devices.js';
import type { DeviceFilters } from './filters.js';

type MenuItem = NonNullable<MenuProps['items']>[number];

/**
 * The two .xlsx exports of the filtered list, as items of the toolbar's "More" menu (issue 29). SPEC section 8: a failed
 * export is only logged (the download helper logs it and shows nothing), so a failure just ends the item's running state.
 */
export function useExportItems(filters: DeviceFilters): MenuItem[] {
  const { t } = useTranslation();
  const [running, setRunning] = useState<DeviceExportKind>();
  const run = async (kind: DeviceExportKind) => {
    setRunning(kind);
    await exportDevices(kind, filters);
    setRunning(undefined);
  };
  return (['devices', 'online'] as const).map((kind) => ({
    key: `export-${kind}`,
    icon: <DownloadOutlined spin={running === kind} />,
    label: t(`devices.export.${kind}`),
    disabled: running !== undefined,
    onClick: () => void run(kind),
  }));
}

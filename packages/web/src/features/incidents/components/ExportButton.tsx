import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportIncidents } from '../api/export-incidents.js';
import type { IncidentFilters } from './filters.js';

/** The filtered list as .xlsx. SPEC section 8: a failed export is only logged, so a failure just ends the loading state. */
export function ExportButton({ filters }: { filters: IncidentFilters }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={running}
      onClick={async () => {
        setRunning(true);
        await exportIncidents(filters);
        setRunning(false);
      }}
    >
      {t('events.export')}
    </Button>
  );
}

import type { ConfigThresholds } from '@safety-shield/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useThresholds } from '../api/thresholds.js';

/** The configuration's threshold class, chosen among those the Super Admin keeps (none: the device's own limits). */
export function ThresholdSelect({ value, onChange }: { value?: ConfigThresholds; onChange?(value: ConfigThresholds | undefined): void }) {
  const { t } = useTranslation();
  const classes = useThresholds();
  return (
    <Select
      allowClear
      value={value?.classId}
      loading={classes.isPending}
      placeholder={t('deviceConfig.noThresholdClass')}
      aria-label={t('deviceConfig.prop.thresholds')}
      options={(classes.data ?? []).map((entry) => ({ value: entry.id, label: entry.name }))}
      onChange={(classId?: number) => {
        const chosen = classes.data?.find((entry) => entry.id === classId);
        onChange?.(chosen ? { classId: chosen.id, name: chosen.name, values: chosen.values } : undefined);
      }}
      style={{ width: 260 }}
      data-testid="config-thresholds"
    />
  );
}

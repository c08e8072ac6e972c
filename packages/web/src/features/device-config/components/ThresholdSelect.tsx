import { ControlOutlined } from '@ant-design/icons';
import { type ConfigThresholds, mayOpenPage, pathTo } from '@safety-shield/contract';
import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSelfInfo } from '../../auth/index.js';
import { useThresholds } from '../api/thresholds.js';

/**
 * The configuration's threshold class, chosen among those the Super Admin keeps (none: the device's own limits); for the
 * Super Admin, beside it the way to the classes themselves (issue 29: the hidden thresholds page is reached from here).
 */
export function ThresholdSelect({ value, onChange }: { value?: ConfigThresholds; onChange?(value: ConfigThresholds | undefined): void }) {
  const { t } = useTranslation();
  const classes = useThresholds();
  const role = useSelfInfo().data?.baseInfo.role;
  return (
    <Flex wrap gap={12} align="center">
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
        style={{ width: 260, maxWidth: '100%' }}
        data-testid="config-thresholds"
      />
      {role && mayOpenPage('Thresholds', role) && (
        <Link to={pathTo('Thresholds')} data-testid="config-thresholds-manage">
          <ControlOutlined /> {t('deviceConfig.manageThresholds')}
        </Link>
      )}
    </Flex>
  );
}

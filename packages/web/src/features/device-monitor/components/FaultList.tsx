import type { DeviceOpenFault } from '@safety-shield/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FaultTag } from '../../device-detail/index.js';

/** A device's open faults as tags, the ones nobody handled in red; none: all well. */
export function FaultList({ faults }: { faults: DeviceOpenFault[] }) {
  const { t } = useTranslation();
  if (faults.length === 0) return <Typography.Text type="secondary">{t('deviceMonitor.noFaults')}</Typography.Text>;
  return (
    <Flex wrap gap={4} data-testid="monitor-faults">
      {faults.map((fault) => (
        <FaultTag key={`${fault.code}/${fault.channel}`} {...fault} />
      ))}
    </Flex>
  );
}

import { Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSelfInfo } from '../auth/index.js';
import { ConsoleLocks } from './ConsoleLocks.js';
import './device-locks.css';

/**
 * /devicepage/locks (issue 29): the locks of the caller's scope inside the console, with its sidebar; the device list's
 * rows and the device's page lead here with the device named (`?keyword=`). The installer's link keeps its own page.
 */
export function DeviceLocksPage() {
  const { t } = useTranslation();
  const role = useSelfInfo().data?.baseInfo.role;
  return (
    <Flex vertical gap={16} data-testid="device-locks-page">
      <Typography.Paragraph type="secondary" className="device-locks-intro" style={{ marginBottom: 0 }}>
        {t('deviceLocks.intro')}
      </Typography.Paragraph>
      {role ? <ConsoleLocks role={role} /> : <Spin size="large" style={{ display: 'block', margin: 64 }} />}
    </Flex>
  );
}

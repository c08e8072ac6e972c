import { pathTo } from '@safety-shield/contract';
import { Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../shared/ui/LoadError.js';
import { RecordDrawer } from '../../../shared/ui/RecordDrawer.js';
import { useDevice } from '../api/get-device.js';
import { BindLogTable } from './BindLogTable.js';
import { DbmPanel } from './DbmPanel.js';
import { DeviceFacts } from './DeviceFacts.js';

/** As wide as a two-column description list needs, never wider than the window. */
const DRAWER_SIZE = 'min(760px, 100vw)';

/** A device's detail beside the list: its fields, its signal over time and its bind log. */
export function DeviceDetailDrawer({ deviceId, onClose }: { deviceId: number | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const query = useDevice(deviceId);
  return (
    <RecordDrawer
      of={deviceId}
      onClose={onClose}
      size={DRAWER_SIZE}
      title={query.data ? t('devices.detail.title', { uuid: query.data.deviceUuid }) : t('route.deviceDetail')}
      data-testid="device-detail"
      extra={deviceId !== undefined && <Link to={pathTo('DeviceDetail', { query: { deviceId } })}>{t('devices.detail.fullPage')}</Link>}
    >
      {query.isPending && <Skeleton active />}
      {query.isError && <LoadError onRetry={() => void query.refetch()} />}
      {query.data && deviceId !== undefined && (
        <Flex vertical gap={24}>
          <DeviceFacts device={query.data} />
          <Section id="device-dbm-title" title={t('devices.dbm.title')}>
            <DbmPanel deviceId={deviceId} />
          </Section>
          <Section id="device-bind-log-title" title={t('devices.bindLog.title')}>
            <BindLogTable deviceId={deviceId} />
          </Section>
        </Flex>
      )}
    </RecordDrawer>
  );
}

/** A part of the drawer under its heading, which names it. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={5} id={id}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

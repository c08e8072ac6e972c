import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/ui/format.js';
import { durationParts } from './duration.js';

export const dash = (value: string | number | null | undefined) => (value == null || value === '' ? '—' : value);

export function OnlineTag({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return <Tag color={online ? 'success' : 'default'}>{t(online ? 'devices.online' : 'devices.offline')}</Tag>;
}

/** Online or offline, with since when: the last online time while online, the last offline time otherwise. */
export function PresenceCell({
  online,
  lastOnlineTime,
  lastOfflineTime,
}: {
  online: boolean;
  lastOnlineTime: number | null;
  lastOfflineTime: number | null;
}) {
  const { t } = useTranslation();
  const since = online ? lastOnlineTime : lastOfflineTime;
  return (
    <Space size={4} wrap={false}>
      <OnlineTag online={online} />
      {since != null && (
        <Typography.Text type="secondary" title={t(online ? 'devices.lastOnline' : 'devices.lastOffline')}>
          {formatTime(since)}
        </Typography.Text>
      )}
    </Space>
  );
}

/** Seconds connected in all, in words ("3 d 4 h"). */
export function ConnectionTime({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  return (
    <>
      {durationParts(seconds)
        .map((part) => t(`devices.duration.${part.unit}`, { count: part.count }))
        .join(' ')}
    </>
  );
}

import { Card, Empty, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { tagName } from '../../../shared/i18n/tag-name.js';
import { formatTime } from '../../../shared/ui/format.js';
import { useHistory } from '../api/get-history.js';
import { uploadStateKey } from './display.js';

const known = new Set([
  'arrived',
  'reviewed',
  'retagged',
  'commented',
  'deleted',
  'restored',
  'upload',
  'shared',
  'evidenceRequested',
  'evidenceCancelled',
  'evidenceExpired',
]);
const colours: Record<string, string> = { arrived: 'blue', reviewed: 'green', deleted: 'red', restored: 'gray' };

/** What happened to the incident, oldest first. */
export function HistoryTimeline({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const history = useHistory(eventId);
  const records = history.data ?? [];
  return (
    <Card size="small" title={t('events.history.title')} loading={history.isPending} data-testid="history">
      {records.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Timeline
          items={records.map((record) => {
            const detail = record.detail as { tagName?: string; resourceId?: string; state?: number; days?: number } | null;
            const values = {
              tag: tagName(t, detail?.tagName) ?? '',
              resource: detail?.resourceId ?? '',
              state: detail?.state === undefined ? '' : t(uploadStateKey(detail.state)),
              days: detail?.days ?? '',
            };
            const action = known.has(record.action) ? t(`events.history.${record.action}`, values) : record.action;
            return {
              key: record.id,
              color: (detail?.state ?? 0) < 0 ? 'red' : (colours[record.action] ?? 'blue'),
              content: (
                <>
                  <div>{record.username ? `${action} · ${record.username}` : action}</div>
                  <div style={{ color: 'var(--ant-color-text-secondary)', fontSize: 12 }}>{formatTime(record.time)}</div>
                </>
              ),
            };
          })}
        />
      )}
    </Card>
  );
}

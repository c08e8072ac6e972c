import { Card, Empty, Timeline } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { tagName } from '../../../shared/i18n/tag-name.js';
import { formatTime } from '../../../shared/ui/format.js';
import { useHistory } from '../api/get-history.js';
import { uploadStateKey } from './display.js';
import { groupHistory, type HistoryEntry } from './upload-history.js';

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
  // Issue 19: the coaching steps.
  'coachingMarked',
  'coached',
  'coachingDismissed',
  'coachingReopened',
]);
const colours: Record<string, string> = {
  arrived: 'blue',
  reviewed: 'green',
  deleted: 'red',
  restored: 'gray',
  coachingMarked: 'orange',
  coached: 'green',
};
const secondary = { color: 'var(--ant-color-text-secondary)', fontSize: 12 };

/** A line that is not an upload, worded as before. */
function recordItem(t: TFunction, { record }: Extract<HistoryEntry, { type: 'record' }>) {
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
        <div style={secondary}>{formatTime(record.time)}</div>
      </>
    ),
  };
}

/**
 * What happened to the incident, oldest first. The files' upload lines are the evidence's details (issue 29: they
 * crowded out what people did), told there per file.
 */
export function HistoryTimeline({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const history = useHistory(eventId);
  const entries = groupHistory(history.data ?? []).flatMap((entry) => (entry.type === 'record' ? [entry] : []));
  return (
    <Card size="small" title={t('events.history.title')} loading={history.isPending} data-testid="history">
      {entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Timeline items={entries.map((entry) => recordItem(t, entry))} />
      )}
    </Card>
  );
}

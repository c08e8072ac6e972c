import { Card, Collapse, Empty, Timeline, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { tagName } from '../../../shared/i18n/tag-name.js';
import { formatTime } from '../../../shared/ui/format.js';
import { useHistory } from '../api/get-history.js';
import { useIncident } from '../api/get-incident.js';
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

type UploadEntry = Extract<HistoryEntry, { type: 'upload' }>;

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

/** One file's upload: what it is and where it got to, its technical steps behind an expander. */
function uploadItem(t: TFunction, entry: UploadEntry) {
  const what = entry.file ? t('events.history.file', { kind: t(`events.${entry.file.kind}`), channel: entry.file.channel }) : entry.name;
  return {
    key: `upload-${entry.steps[0]?.id ?? entry.name}`,
    color: entry.state < 0 ? 'red' : entry.state === 6 ? 'green' : 'blue',
    content: (
      <div data-testid="history-upload">
        <div>
          <Typography.Text strong>{what}</Typography.Text>: <span data-testid="history-upload-state">{t(uploadStateKey(entry.state))}</span>
        </div>
        <div style={secondary}>
          {formatTime(entry.time)}
          {entry.failedTries > 0 && ` · ${t('events.history.failedTries', { tries: entry.failedTries })}`}
        </div>
        <Collapse
          ghost
          size="small"
          style={{ marginInlineStart: -16 }}
          items={[
            {
              key: 'steps',
              label: <span style={secondary}>{t('events.history.uploadSteps', { steps: entry.steps.length })}</span>,
              children: (
                <ol style={{ margin: 0, paddingInlineStart: 20, ...secondary }} data-testid="history-upload-steps">
                  {entry.steps.map((step) => (
                    <li key={step.id}>
                      {formatTime(step.time)} · {t(uploadStateKey(step.state))}
                      {step.reason && ` (${step.reason})`}
                    </li>
                  ))}
                </ol>
              ),
            },
          ]}
        />
      </div>
    ),
  };
}

/** What happened to the incident, oldest first: each file's upload as one entry, its steps folded away. */
export function HistoryTimeline({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const history = useHistory(eventId);
  // The detail page holds the incident already: its files name the upload lines' channel and kind.
  const incident = useIncident(eventId);
  const entries = groupHistory(history.data ?? [], incident.data?.resources);
  return (
    <Card size="small" title={t('events.history.title')} loading={history.isPending} data-testid="history">
      {entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Timeline items={entries.map((entry) => (entry.type === 'upload' ? uploadItem(t, entry) : recordItem(t, entry)))} />
      )}
    </Card>
  );
}

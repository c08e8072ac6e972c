import { CameraOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { ResourceRecord } from '@safety-shield/contract';
import { Collapse, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/ui/format.js';
import { useHistory } from '../api/get-history.js';
import { uploaded, uploadStateKey } from './display.js';
import { formatBytes, shortSha } from './evidence-format.js';
import { groupHistory, type HistoryEntry } from './upload-history.js';

type UploadEntry = Extract<HistoryEntry, { type: 'upload' }>;

const stateColour = (state: number) => (state < 0 ? 'error' : uploaded(state) ? 'success' : 'processing');
const secondary = { color: 'var(--ant-color-text-secondary)', fontSize: 12 };

/** How far a file's upload got, and for a stored file its size and SHA-256 (copyable in full). */
function FileFacts({ resource }: { resource: ResourceRecord }) {
  const { t } = useTranslation();
  return (
    <Flex gap={4} wrap align="center" style={{ fontSize: 12, columnGap: 6 }}>
      {/* A stored file says so briefly: its upload line below gives the state in full. */}
      <Tag color={stateColour(resource.state)} data-testid="upload-state" style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
        {uploaded(resource.state) ? t('events.upload.onPortal') : t(uploadStateKey(resource.state))}
      </Tag>
      {resource.state < 0 && resource.failReason && <Typography.Text type="danger">{resource.failReason}</Typography.Text>}
      {uploaded(resource.state) ? (
        <>
          <Typography.Text type="secondary" data-testid="evidence-size">
            {formatBytes(resource.sizeBytes)}
          </Typography.Text>
          {resource.sha256 && (
            <Tooltip title={t('events.sha256Hint')}>
              <Typography.Text code copyable={{ text: resource.sha256 }} data-testid="evidence-sha" style={{ fontSize: 11 }}>
                {t('events.sha256')} {shortSha(resource.sha256)}
              </Typography.Text>
            </Tooltip>
          )}
        </>
      ) : (
        <Typography.Text type="secondary">{t('events.notUploaded')}</Typography.Text>
      )}
    </Flex>
  );
}

/** One file's upload as the history tells it: where it got to, when, failed tries, its technical steps folded away. */
function UploadHistory({ entry }: { entry: UploadEntry }) {
  const { t } = useTranslation();
  return (
    <div data-testid="history-upload" style={secondary}>
      <div>
        {t('events.uploadHistory')}: <span data-testid="history-upload-state">{t(uploadStateKey(entry.state))}</span> ·{' '}
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
  );
}

/** A file of the incident: what it is, its storage state and fingerprint, and how its upload went. */
function FileDetails({ resource, upload }: { resource: ResourceRecord; upload: UploadEntry | undefined }) {
  const { t } = useTranslation();
  const what = t('events.history.file', { kind: t(`events.${resource.kind}`), channel: resource.channel });
  return (
    <section aria-label={what} data-testid="evidence-item" style={{ minWidth: 0 }}>
      <Flex gap={6} align="center">
        {resource.kind === 'video' ? <VideoCameraOutlined aria-hidden /> : <CameraOutlined aria-hidden />}
        <Typography.Text strong>{what}</Typography.Text>
      </Flex>
      <FileFacts resource={resource} />
      {upload && <UploadHistory entry={upload} />}
    </section>
  );
}

/**
 * The evidence's technical side, folded by default (issue 29): each file's storage state, size and SHA-256, and its
 * upload history. What a manager comes for (the pictures and videos) stands above it.
 */
export function EvidenceDetails({ eventId, files }: { eventId: number; files: readonly ResourceRecord[] }) {
  const { t } = useTranslation();
  // The same query as the History card's: one request for both.
  const history = useHistory(eventId);
  const uploads = new Map(
    groupHistory(history.data ?? [], files).flatMap((entry) => (entry.type === 'upload' ? [[entry.name, entry] as const] : [])),
  );
  return (
    <Collapse
      size="small"
      data-testid="evidence-details"
      items={[
        {
          key: 'files',
          label: t('events.evidenceDetails', { count: files.length }),
          children: (
            <Flex vertical gap={12}>
              {files.map((resource) => (
                <FileDetails key={resource.resourceId} resource={resource} upload={uploads.get(resource.name)} />
              ))}
            </Flex>
          ),
        },
      ]}
    />
  );
}

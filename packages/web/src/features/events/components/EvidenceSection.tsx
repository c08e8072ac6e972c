import { CameraOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { ResourceRecord } from '@safety-shield/contract';
import { Alert, Card, Empty, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { uploaded, uploadStateKey } from './display.js';
import { EvidencePicture, EvidenceVideo } from './EvidenceMedia.js';
import { EvidenceZipButton } from './EvidenceZipButton.js';
import { formatBytes, shortSha } from './evidence-format.js';

const stateColour = (state: number) => (state < 0 ? 'error' : uploaded(state) ? 'success' : 'processing');

/** What a file is and how far its upload got: kind, state tag, and for a stored file its size and SHA-256. */
function FileFacts({ resource }: { resource: ResourceRecord }) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap align="center">
      {resource.kind === 'video' ? <VideoCameraOutlined /> : <CameraOutlined />}
      <span>{t(`events.${resource.kind}`)}</span>
      <Tag color={stateColour(resource.state)} data-testid="upload-state">
        {t(uploadStateKey(resource.state))}
      </Tag>
      {resource.state < 0 && resource.failReason && <Typography.Text type="danger">{resource.failReason}</Typography.Text>}
      {uploaded(resource.state) ? (
        <>
          <Typography.Text type="secondary" data-testid="evidence-size">
            {formatBytes(resource.sizeBytes)}
          </Typography.Text>
          {resource.sha256 && (
            <Tooltip title={t('events.sha256Hint')}>
              <Typography.Text code copyable={{ text: resource.sha256 }} data-testid="evidence-sha">
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

/** The incident's pictures and videos by camera channel: stored ones to view and play, the rest with their upload state. */
export function EvidenceSection({ eventId, resources }: { eventId: number; resources: ResourceRecord[] }) {
  const { t } = useTranslation();
  const channels = [...new Set(resources.map((resource) => resource.channel))].sort((a, b) => a - b);
  const anyUploaded = resources.some((resource) => uploaded(resource.state));
  return (
    <Card
      size="small"
      title={t('events.evidenceTitle')}
      data-testid="evidence"
      extra={anyUploaded && <EvidenceZipButton eventIds={[eventId]} size="small" />}
    >
      {resources.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('events.noEvidence')} />
      ) : (
        <Flex vertical gap={8}>
          {!anyUploaded && <Alert type="info" showIcon title={t('events.notUploaded')} data-testid="evidence-placeholder" />}
          {channels.map((channel) => (
            <Flex key={channel} gap={12} wrap align="baseline" style={{ borderTop: '1px solid var(--ant-color-split)', paddingTop: 8 }}>
              <Typography.Text strong style={{ minWidth: 90 }}>
                {t('events.channelN', { channel })}
              </Typography.Text>
              <Flex gap={16} wrap style={{ flex: 1, minWidth: 0 }}>
                {resources
                  .filter((resource) => resource.channel === channel)
                  .sort((a, b) => Number(uploaded(b.state)) - Number(uploaded(a.state)))
                  .map((resource) =>
                    uploaded(resource.state) ? (
                      <Flex key={resource.resourceId} vertical gap={4} data-testid="evidence-item" style={{ maxWidth: 360 }}>
                        {resource.kind === 'video' ? (
                          <EvidenceVideo eventId={eventId} resource={resource} />
                        ) : (
                          <EvidencePicture eventId={eventId} resource={resource} />
                        )}
                        <FileFacts resource={resource} />
                      </Flex>
                    ) : (
                      <div key={resource.resourceId} data-testid="evidence-item" style={{ flexBasis: '100%' }}>
                        <FileFacts resource={resource} />
                      </div>
                    ),
                  )}
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}

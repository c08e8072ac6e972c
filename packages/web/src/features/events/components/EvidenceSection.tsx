import { CameraOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { ResourceRecord } from '@safety-shield/contract';
import { Alert, Card, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { uploaded, uploadStateKey } from './display.js';

const stateColour = (state: number) => (state < 0 ? 'error' : uploaded(state) ? 'success' : 'processing');

/** The incident's pictures and videos by camera channel with their upload state; viewing them comes in a later step. */
export function EvidenceSection({ resources }: { resources: ResourceRecord[] }) {
  const { t } = useTranslation();
  const channels = [...new Set(resources.map((resource) => resource.channel))].sort((a, b) => a - b);
  const noneUploaded = resources.length > 0 && !resources.some((resource) => uploaded(resource.state));
  return (
    <Card size="small" title={t('events.evidenceTitle')} data-testid="evidence">
      {resources.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('events.noEvidence')} />
      ) : (
        <Flex vertical gap={8}>
          {noneUploaded && <Alert type="info" showIcon title={t('events.notUploaded')} data-testid="evidence-placeholder" />}
          {channels.map((channel) => (
            <Flex key={channel} gap={12} wrap align="baseline" style={{ borderTop: '1px solid var(--ant-color-split)', paddingTop: 8 }}>
              <Typography.Text strong style={{ minWidth: 90 }}>
                {t('events.channelN', { channel })}
              </Typography.Text>
              <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
                {resources
                  .filter((resource) => resource.channel === channel)
                  .map((resource) => (
                    <Flex key={resource.resourceId} gap={8} wrap align="center" data-testid="evidence-item">
                      {resource.kind === 'video' ? <VideoCameraOutlined /> : <CameraOutlined />}
                      <span>{t(`events.${resource.kind}`)}</span>
                      <Tag color={stateColour(resource.state)} data-testid="upload-state">
                        {t(uploadStateKey(resource.state))}
                      </Tag>
                      {resource.state < 0 && resource.failReason && <Typography.Text type="danger">{resource.failReason}</Typography.Text>}
                      <Typography.Text type="secondary">
                        {uploaded(resource.state) ? t('events.viewerSoon') : t('events.notUploaded')}
                      </Typography.Text>
                    </Flex>
                  ))}
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}

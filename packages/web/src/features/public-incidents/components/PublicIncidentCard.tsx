import type { PublicIncident } from '@safety-shield/contract';
import { Alert, Card, Descriptions, Empty, Flex, Image, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { tagName } from '../../../shared/i18n/tag-name.js';
import { MapView, Marker } from '../../../shared/map/index.js';
import { formatTime } from '../../../shared/ui/format.js';
import { PlaceName } from '../../../shared/ui/place.js';

/** One shared incident: what, when, how fast, where (a small map), and its pictures and videos. */
export function PublicIncidentCard({ incident }: { incident: PublicIncident }) {
  const { t } = useTranslation();
  const position: [number, number] | null = incident.lat !== null && incident.lng !== null ? [incident.lat, incident.lng] : null;
  const pictures = incident.resources.filter((r) => r.kind === 'picture');
  const videos = incident.resources.filter((r) => r.kind === 'video');
  // The type names are the incident list's texts; an unknown one shows as sent.
  const typeName = t(`events.types.${incident.type}`, { defaultValue: incident.type });

  return (
    <Card
      size="small"
      data-testid="public-incident"
      title={
        <Flex gap={8} align="center" wrap>
          <Tag color="volcano" data-testid="public-incident-type">
            {typeName}
          </Tag>
          <Typography.Text strong>{incident.licensePlate ?? '—'}</Typography.Text>
        </Flex>
      }
      extra={<Typography.Text type="secondary">{formatTime(incident.triggerTime)}</Typography.Text>}
    >
      <Flex vertical gap={12}>
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label={t('publicIncidents.time')}>{formatTime(incident.triggerTime)}</Descriptions.Item>
          <Descriptions.Item label={t('publicIncidents.speed')}>
            {incident.speed === null ? '—' : t('publicIncidents.speedValue', { speed: Math.round(incident.speed) })}
          </Descriptions.Item>
          <Descriptions.Item label={t('publicIncidents.plate')}>{incident.licensePlate ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('publicIncidents.tag')}>{tagName(t, incident.tagName) ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('publicIncidents.position')}>
            <PlaceName lat={incident.lat} lng={incident.lng} place={incident.place} />
          </Descriptions.Item>
        </Descriptions>
        <MapView label={t('publicIncidents.mapLabel')} center={position ?? undefined} zoom={position ? 14 : 2} height={200}>
          {position && <Marker position={position} tooltip={incident.licensePlate ?? typeName} />}
          {!position && (
            <div className="ss-map-overlay" style={{ top: 12, left: 12, right: 12 }}>
              <Alert type="info" showIcon title={t('publicIncidents.noPosition')} />
            </div>
          )}
        </MapView>
        {incident.resources.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('publicIncidents.noEvidence')} />}
        {pictures.length > 0 && (
          <section aria-label={t('publicIncidents.pictures')}>
            <Typography.Text type="secondary">{t('publicIncidents.pictures')}</Typography.Text>
            <Flex wrap gap={8} style={{ marginTop: 4 }}>
              <Image.PreviewGroup>
                {pictures.map((picture) => (
                  <Image
                    key={picture.resourceId}
                    src={picture.url}
                    width={160}
                    height={100}
                    style={{ objectFit: 'cover', borderRadius: 6 }}
                    alt={`${typeName} · ${t('publicIncidents.pictures')}`}
                    data-testid="public-picture"
                  />
                ))}
              </Image.PreviewGroup>
            </Flex>
          </section>
        )}
        {videos.length > 0 && (
          <section aria-label={t('publicIncidents.videos')}>
            <Typography.Text type="secondary">{t('publicIncidents.videos')}</Typography.Text>
            <Flex vertical gap={8} style={{ marginTop: 4 }}>
              {videos.map((video) => (
                // biome-ignore lint/a11y/useMediaCaption: dashcam evidence has no spoken words to caption
                <video
                  key={video.resourceId}
                  src={video.url}
                  controls
                  preload="metadata"
                  style={{ width: '100%', maxHeight: 320, background: '#000', borderRadius: 6 }}
                  data-testid="public-video"
                />
              ))}
            </Flex>
          </section>
        )}
      </Flex>
    </Card>
  );
}

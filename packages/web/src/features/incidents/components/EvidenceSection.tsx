import { CameraOutlined, CompressOutlined, ExpandOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { ResourceRecord } from '@safety-shield/contract';
import { Alert, Button, Card, Empty, Flex, Tag, Tooltip, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploaded, uploadStateKey } from './display.js';
import { EvidencePicture, EvidenceVideo, usePictureUrl } from './EvidenceMedia.js';
import { EvidenceZipButton } from './EvidenceZipButton.js';
import { type ChannelTile, channelTiles, formatBytes, shortSha } from './evidence-format.js';

const stateColour = (state: number) => (state < 0 ? 'error' : uploaded(state) ? 'success' : 'processing');

/** Tiles of at least 190 px: one column at 390 px, three in the detail page's evidence column at 1440 px. */
const GRID: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))', gap: 8 };
/** The enlarged tile spans the grid and comes first, so it opens where the reader looks. */
const ENLARGED: CSSProperties = { gridColumn: '1 / -1', order: -1 };
const TILE: CSSProperties = {
  border: '1px solid var(--ant-color-border-secondary)',
  borderRadius: 8,
  padding: 6,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 6,
};

/** What a file is and how far its upload got: kind, state tag, and for a stored file its size and SHA-256. */
function FileFacts({ resource }: { resource: ResourceRecord }) {
  const { t } = useTranslation();
  return (
    <Flex gap={4} wrap align="center" style={{ fontSize: 12, columnGap: 6 }}>
      {resource.kind === 'video' ? <VideoCameraOutlined /> : <CameraOutlined />}
      <span>{t(`events.${resource.kind}`)}</span>
      {/* A stored file's tag says so briefly; its hint gives the state in full (a tile is narrow). */}
      <Tooltip title={uploaded(resource.state) ? t(uploadStateKey(resource.state)) : undefined}>
        <Tag color={stateColour(resource.state)} data-testid="upload-state" style={{ marginInlineEnd: 0 }}>
          {uploaded(resource.state) ? t('events.upload.onPortal') : t(uploadStateKey(resource.state))}
        </Tag>
      </Tooltip>
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

/** One file's line under the tile's player: a stored picture that is not the main view shows as a thumbnail. */
function FileLine({
  eventId,
  resource,
  tile,
  enlarged,
}: {
  eventId: number;
  resource: ResourceRecord;
  tile: ChannelTile;
  enlarged: boolean;
}) {
  const extra = uploaded(resource.state) && resource !== tile.main;
  return (
    <Flex vertical gap={4} data-testid="evidence-item">
      {extra && resource.kind === 'video' && <EvidenceVideo eventId={eventId} resource={resource} />}
      <Flex gap={8} align="center">
        {extra && resource.kind === 'picture' && !enlarged && <EvidencePicture eventId={eventId} resource={resource} thumbnail={56} />}
        <div style={{ flex: 1, minWidth: 0 }}>
          <FileFacts resource={resource} />
        </div>
      </Flex>
      {extra && resource.kind === 'picture' && enlarged && <EvidencePicture eventId={eventId} resource={resource} />}
    </Flex>
  );
}

/** A channel's tile: its label, the enlarge control, the main player (the picture as its poster) and each file's line. */
function ChannelTileView({
  eventId,
  tile,
  enlarged,
  onToggle,
}: {
  eventId: number;
  tile: ChannelTile;
  enlarged: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const poster = usePictureUrl(eventId, tile.main?.kind === 'video' ? tile.poster : undefined);
  const label = t('events.channelN', { channel: tile.channel });
  return (
    <section
      style={{ ...TILE, ...(enlarged ? ENLARGED : {}) }}
      aria-label={label}
      data-testid="evidence-channel"
      data-enlarged={enlarged || undefined}
    >
      <Flex justify="space-between" align="center" gap={4}>
        <Typography.Text strong>{label}</Typography.Text>
        {tile.main && (
          <Tooltip title={t(enlarged ? 'events.reduceChannel' : 'events.enlargeChannel', { channel: tile.channel })}>
            <Button
              size="small"
              type="text"
              icon={enlarged ? <CompressOutlined /> : <ExpandOutlined />}
              aria-label={t(enlarged ? 'events.reduceChannel' : 'events.enlargeChannel', { channel: tile.channel })}
              aria-pressed={enlarged}
              onClick={onToggle}
              data-testid="evidence-enlarge"
            />
          </Tooltip>
        )}
      </Flex>
      {tile.main?.kind === 'video' && <EvidenceVideo eventId={eventId} resource={tile.main} poster={poster} />}
      {tile.main?.kind === 'picture' && <EvidencePicture eventId={eventId} resource={tile.main} />}
      {tile.files.map((resource) => (
        <FileLine key={resource.resourceId} eventId={eventId} resource={resource} tile={tile} enlarged={enlarged} />
      ))}
    </section>
  );
}

/**
 * The incident's pictures and videos as a grid of camera channels: each tile plays its channel's video with the
 * picture as poster, and one tile at a time opens across the grid (its button, again or Escape closes it).
 */
export function EvidenceSection({ eventId, resources }: { eventId: number; resources: ResourceRecord[] }) {
  const { t } = useTranslation();
  const [enlarged, setEnlarged] = useState<number | null>(null);
  const tiles = channelTiles(resources);
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
          {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape from within the grid closes the enlarged tile */}
          <div
            style={GRID}
            data-testid="evidence-grid"
            onKeyDown={(event) => {
              if (event.key === 'Escape' && enlarged !== null) setEnlarged(null);
            }}
          >
            {tiles.map((tile) => (
              <ChannelTileView
                key={tile.channel}
                eventId={eventId}
                tile={tile}
                enlarged={enlarged === tile.channel}
                onToggle={() => setEnlarged((open) => (open === tile.channel ? null : tile.channel))}
              />
            ))}
          </div>
        </Flex>
      )}
    </Card>
  );
}

import { CameraOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { ResourceRecord } from '@safety-shield/contract';
import { Card, Empty, Flex, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploaded } from './display.js';
import { EvidenceDetails } from './EvidenceDetails.js';
import { EvidencePicture, EvidenceVideo, usePictureUrl } from './EvidenceMedia.js';
import { EvidenceZipButton } from './EvidenceZipButton.js';
import { type ChannelTile, channelTiles, openingChannel } from './evidence-format.js';
import './evidence.css';

/** A 16:9 box for what a channel has not stored yet: the player's place keeps its shape. */
const EMPTY_FRAME: CSSProperties = {
  width: '100%',
  aspectRatio: '16 / 9',
  maxHeight: '62vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 4,
  background: 'var(--ant-color-fill-quaternary)',
};

/** A channel with nothing stored yet: why there is nothing to play. */
function NothingStored({ tile }: { tile: ChannelTile }) {
  const { t } = useTranslation();
  const failed = tile.files.length > 0 && tile.files.every((resource) => resource.state < 0);
  return (
    <div style={EMPTY_FRAME} data-testid="evidence-placeholder">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(failed ? 'events.upload.sFailed' : 'events.notUploaded')} />
    </div>
  );
}

/**
 * The chosen channel, large: its video with the picture as poster (the picture also opens full size below it), or its
 * picture when no video is stored.
 */
function ChannelPlayer({ eventId, tile }: { eventId: number; tile: ChannelTile }) {
  const { t } = useTranslation();
  const poster = usePictureUrl(eventId, tile.main?.kind === 'video' ? tile.poster : undefined);
  const label = t('events.channelN', { channel: tile.channel });
  return (
    <section aria-label={label} data-testid="evidence-player" data-channel={tile.channel}>
      {tile.main?.kind === 'video' && <EvidenceVideo eventId={eventId} resource={tile.main} poster={poster} />}
      {tile.main?.kind === 'picture' && <EvidencePicture eventId={eventId} resource={tile.main} />}
      {!tile.main && <NothingStored tile={tile} />}
      <Flex justify="space-between" align="center" gap={8} style={{ marginTop: 6 }}>
        <Typography.Text strong>{label}</Typography.Text>
        {tile.main?.kind === 'video' && tile.poster && (
          <Flex align="center" gap={8}>
            <Typography.Text type="secondary">{t('events.picture')}</Typography.Text>
            <EvidencePicture eventId={eventId} resource={tile.poster} thumbnail={96} />
          </Flex>
        )}
      </Flex>
    </section>
  );
}

/** A channel in the switcher: its picture small (or what it holds, as an icon), its name; pressed while it plays. */
function ChannelThumb({
  eventId,
  tile,
  selected,
  onSelect,
}: {
  eventId: number;
  tile: ChannelTile;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const picture = usePictureUrl(eventId, tile.poster);
  const hasVideo = tile.files.some((resource) => resource.kind === 'video' && uploaded(resource.state));
  return (
    <button
      type="button"
      className="evidence-thumb"
      aria-pressed={selected}
      onClick={onSelect}
      data-testid="evidence-channel"
      data-channel={tile.channel}
      data-video={hasVideo || undefined}
    >
      <span className="evidence-thumb-frame">
        {picture ? <img src={picture} alt="" /> : tile.main ? <VideoCameraOutlined aria-hidden /> : <CameraOutlined aria-hidden />}
        {hasVideo && <VideoCameraOutlined aria-hidden className="evidence-thumb-kind" />}
      </span>
      <span className="evidence-thumb-label">{t('events.channelN', { channel: tile.channel })}</span>
    </button>
  );
}

/**
 * The incident's pictures and videos, the first thing on its page (issue 29): one large player for the chosen camera
 * channel, the other channels as thumbnails to switch to, and the files' storage, fingerprints and upload history
 * folded below.
 */
export function EvidenceSection({
  eventId,
  resources,
  incidentChannel,
}: {
  eventId: number;
  resources: ResourceRecord[];
  /** The camera that reported the incident: the player opens on it. */
  incidentChannel: number | null;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number>();
  const tiles = channelTiles(resources);
  const shown =
    tiles.find((tile) => tile.channel === chosen) ?? tiles.find((tile) => tile.channel === openingChannel(tiles, incidentChannel));
  const anyUploaded = resources.some((resource) => uploaded(resource.state));
  return (
    <Card
      size="small"
      title={t('events.evidenceTitle')}
      data-testid="evidence"
      extra={anyUploaded && <EvidenceZipButton eventIds={[eventId]} size="small" />}
    >
      {!shown ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('events.noEvidence')} />
      ) : (
        <Flex vertical gap={12}>
          {/* A new channel is a new player: nothing of the previous one's playback carries over. */}
          <ChannelPlayer key={shown.channel} eventId={eventId} tile={shown} />
          {tiles.length > 1 && (
            <fieldset aria-label={t('events.channels')} className="evidence-thumbs" data-testid="evidence-channels">
              {tiles.map((tile) => (
                <ChannelThumb
                  key={tile.channel}
                  eventId={eventId}
                  tile={tile}
                  selected={tile === shown}
                  onSelect={() => setChosen(tile.channel)}
                />
              ))}
            </fieldset>
          )}
          <EvidenceDetails eventId={eventId} files={tiles.flatMap((tile) => tile.files)} />
        </Flex>
      )}
    </Card>
  );
}

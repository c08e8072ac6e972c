import type { ResourceRecord } from '@safety-shield/contract';
import { Alert, Button, Image, Skeleton } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceUrl } from '../api/get-resource-url.js';

const WIDTH = 240;

interface Props {
  eventId: number;
  resource: ResourceRecord;
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      style={{ width: WIDTH }}
      title={t('events.evidenceLoadFailed')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
      data-testid="evidence-failed"
    />
  );
}

/** A stored picture as a thumbnail that opens full size. */
export function EvidencePicture({ eventId, resource }: Props) {
  const { t } = useTranslation();
  const url = useResourceUrl(eventId, resource.resourceId);
  if (url.isPending) return <Skeleton.Image active style={{ width: WIDTH, height: WIDTH * 0.75 }} />;
  if (url.isError) return <LoadFailed onRetry={() => void url.refetch()} />;
  return (
    <span data-testid="evidence-picture">
      <Image
        width={WIDTH}
        src={url.data.url}
        alt={t('events.pictureOfChannel', { channel: resource.channel })}
        style={{ objectFit: 'contain', background: 'var(--ant-color-fill-quaternary)' }}
      />
    </span>
  );
}

/**
 * A stored video in the browser's player: metadata only until played, seeking through the store's range requests.
 * When its URL is renewed, the player goes on where it was.
 */
export function EvidenceVideo({ eventId, resource }: Props) {
  const url = useResourceUrl(eventId, resource.resourceId);
  const player = useRef<HTMLVideoElement>(null);
  const resume = useRef<{ time: number; playing: boolean } | null>(null);
  const [src, setSrc] = useState<string>();
  const [failed, setFailed] = useState(false);
  const next = url.data?.url;
  if (next && next !== src) {
    const video = player.current;
    if (video && src && video.currentTime > 0) resume.current = { time: video.currentTime, playing: !video.paused };
    setSrc(next);
  }
  if (url.isPending) return <Skeleton.Node active style={{ width: WIDTH, height: WIDTH * 0.75 }} />;
  if (url.isError || failed)
    return (
      <LoadFailed
        onRetry={() => {
          setFailed(false);
          void url.refetch();
        }}
      />
    );
  return (
    // biome-ignore lint/a11y/useMediaCaption: camera evidence has no speech to caption
    <video
      ref={player}
      src={src}
      controls
      preload="metadata"
      width={WIDTH}
      style={{ background: '#000', borderRadius: 4 }}
      data-testid="evidence-video"
      onError={() => setFailed(true)}
      onLoadedMetadata={(event) => {
        const saved = resume.current;
        resume.current = null;
        if (!saved) return;
        event.currentTarget.currentTime = saved.time;
        if (saved.playing) void event.currentTarget.play();
      }}
    />
  );
}

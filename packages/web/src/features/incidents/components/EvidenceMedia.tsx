import type { ResourceRecord } from '@safety-shield/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Image, Skeleton } from 'antd';
import type { CSSProperties } from 'react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceUrlQuery, useResourceUrl } from '../api/get-resource-url.js';
import { POSTER_FRAGMENT } from './evidence-format.js';

/**
 * Evidence is 16:9 (the simulator's 640×360, most DVRs' 720p/1080p): the box keeps its shape while a file loads. It is
 * never taller than most of the window, so the player and its channel switcher are seen together (issue 29).
 */
const FRAME: CSSProperties = { width: '100%', aspectRatio: '16 / 9', maxHeight: '62vh', display: 'block' };

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

/** The signed URL of a stored picture, for a video's poster: the same query as the picture's, so no second request. */
export function usePictureUrl(eventId: number, picture: ResourceRecord | undefined): string | undefined {
  const url = useQuery({ ...resourceUrlQuery(eventId, picture?.resourceId ?? 0), enabled: picture !== undefined });
  return picture ? url.data?.url : undefined;
}

/** A stored picture that opens full size: filling its box, or as a small thumbnail (`thumbnail` px wide). */
export function EvidencePicture({ eventId, resource, thumbnail }: Props & { thumbnail?: number }) {
  const { t } = useTranslation();
  const url = useResourceUrl(eventId, resource.resourceId);
  const box: CSSProperties = thumbnail ? { width: thumbnail, aspectRatio: '16 / 9' } : FRAME;
  if (url.isPending) return <Skeleton.Image active style={{ ...box, height: 'auto' }} />;
  if (url.isError) return <LoadFailed onRetry={() => void url.refetch()} />;
  return (
    <span data-testid="evidence-picture" style={{ display: 'block', width: thumbnail ?? '100%' }}>
      <Image
        width="100%"
        src={url.data.url}
        alt={t('events.pictureOfChannel', { channel: resource.channel })}
        style={{ ...box, width: '100%', objectFit: 'contain', background: 'var(--ant-color-fill-quaternary)', borderRadius: 4 }}
      />
    </span>
  );
}

/**
 * A stored video in the browser's player: metadata only until played, seeking through the store's range requests.
 * Before play it shows `poster` (the channel's picture) or, without one, its own first frame (the URL's media
 * fragment makes Chromium decode it). When its URL is renewed, the player goes on where it was.
 */
export function EvidenceVideo({ eventId, resource, poster }: Props & { poster?: string | undefined }) {
  const { t } = useTranslation();
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
  if (url.isPending) return <Skeleton.Node active style={{ ...FRAME, height: 'auto' }} />;
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
      src={src && `${src}${POSTER_FRAGMENT}`}
      poster={poster}
      controls
      preload="metadata"
      aria-label={t('events.videoOfChannel', { channel: resource.channel })}
      style={{ ...FRAME, background: '#000', borderRadius: 4, objectFit: 'contain' }}
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

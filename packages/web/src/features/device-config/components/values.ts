import type { ConfigProp, ConfigSettings } from '@safety-shield/contract';
import type { TFunction } from 'i18next';
import { sizeText } from '../../../shared/ui/format.js';

/** One property of a configuration in words, as the diff and the history show it; '—' when it is not set. */
export function settingText(t: TFunction, prop: ConfigProp, settings: ConfigSettings | null | undefined): string {
  const s = settings ?? {};
  switch (prop) {
    case 'uploadIntervalSeconds':
      return s.uploadIntervalSeconds === undefined ? '—' : t('deviceConfig.seconds', { count: s.uploadIntervalSeconds });
    case 'gpsBatch':
      return s.gpsBatch === undefined ? '—' : String(s.gpsBatch);
    case 'video':
      return s.video?.length
        ? s.video
            .map((v) =>
              t('deviceConfig.videoLine', { channel: v.channel, resolution: v.resolution, fps: v.frameRate, kbps: v.bitrateKbps }),
            )
            .join('; ')
        : '—';
    case 'apn':
      return s.apn ? [s.apn.name, s.apn.user ? `(${s.apn.user})` : ''].filter(Boolean).join(' ') : '—';
    case 'detections':
      return s.detections === undefined
        ? '—'
        : s.detections.length === 0
          ? t('deviceConfig.noDetections')
          : s.detections.map((d) => t(`deviceConfig.detection.${d}`)).join(', ');
    case 'evidence':
      return s.evidence
        ? t('deviceConfig.evidenceLine', {
            before: s.evidence.secondsBefore,
            after: s.evidence.secondsAfter,
            channels: s.evidence.channels.join(', '),
            count: s.evidence.pictures,
          })
        : '—';
    case 'alarmAreas':
      return s.alarmAreas === undefined ? '—' : t('deviceConfig.areas', { count: s.alarmAreas.length });
    case 'thresholds':
      return s.thresholds ? (s.thresholds.name ?? `#${s.thresholds.classId}`) : '—';
    case 'displayPicture':
      return s.displayPicture
        ? t('deviceConfig.pictureLine', {
            type: s.displayPicture.contentType === 'image/png' ? 'PNG' : 'JPEG',
            size: sizeText(s.displayPicture.size),
          })
        : '—';
  }
}

/**
 * Multimedia (JT/T 808 sections 8.51–8.55): the platform asks a camera for pictures now (0x8801), the terminal names
 * the pictures it took (0x0805) and uploads each (0x0801, in sub-packages: a JPEG is larger than a frame), which the
 * platform answers with the packages it still misses (0x8800, none: whole).
 */
import { Reader, Writer } from './bytes.js';
import { type Location, readLocation, writeLocation } from './location.js';

/** 0x0801's media type and format, as far as the portal keeps them. */
export const MEDIA_TYPE = { image: 0, audio: 1, video: 2 } as const;
export const MEDIA_FORMAT = { jpeg: 0, tif: 1, mp3: 2, wav: 3, wmv: 4 } as const;
/** What made the terminal take it (0x0800/0x0801's event code). */
export const MEDIA_EVENT = { platform: 0, timed: 1, emergency: 2, collision: 3 } as const;
/** 0x0805's result. */
export const CAPTURE_RESULT = { ok: 0, failed: 1, channelNotSupported: 2 } as const;

/** The basic location of 0x0801 (0x0200 without additional items): 28 bytes. */
const BASIC_LOCATION = 28;

/** 0x8801: take pictures now. `count` 1–0xFFFE pictures, `everySeconds` apart; `upload` now (not kept on the terminal). */
export interface Capture {
  channel: number;
  count: number;
  everySeconds: number;
  upload: boolean;
  /** 1 320×240, 2 640×480, 3 800×600, 4 1024×768, 8 1280×720, …; quality 1 (best) to 10. */
  resolution: number;
  quality: number;
}

export function writeCapture(capture: Capture): Uint8Array {
  return (
    new Writer()
      .byte(capture.channel)
      .word(capture.count)
      .word(capture.everySeconds)
      .byte(capture.upload ? 0 : 1)
      .byte(capture.resolution)
      .byte(capture.quality)
      // Brightness, contrast, saturation, chroma: the camera's middle of 0–255.
      .bytes([128, 64, 64, 128])
      .done()
  );
}

export function readCapture(body: Uint8Array): Capture {
  const r = new Reader(body);
  const channel = r.byte();
  const count = r.word();
  const everySeconds = r.word();
  const upload = r.byte() === 0;
  return { channel, count, everySeconds, upload, resolution: r.byte(), quality: r.byte() };
}

/** 0x0805: the answer to the 0x8801 of `serial`, with the ids of the pictures taken (when `result` is ok). */
export interface CaptureReply {
  serial: number;
  result: number;
  mediaIds: number[];
}

export function writeCaptureReply(reply: CaptureReply): Uint8Array {
  const w = new Writer().word(reply.serial).byte(reply.result);
  if (reply.result === CAPTURE_RESULT.ok) {
    w.word(reply.mediaIds.length);
    for (const id of reply.mediaIds) w.dword(id);
  }
  return w.done();
}

export function readCaptureReply(body: Uint8Array): CaptureReply {
  const r = new Reader(body);
  const serial = r.word();
  const result = r.byte();
  const mediaIds: number[] = [];
  if (result === CAPTURE_RESULT.ok && r.left >= 2) {
    const count = r.word();
    for (let i = 0; i < count; i += 1) mediaIds.push(r.dword());
  }
  return { serial, result, mediaIds };
}

/** 0x0801: one media file, with where the vehicle was (2013 and 2019; 2011 sends no location). */
export interface MediaUpload {
  mediaId: number;
  type: number;
  format: number;
  event: number;
  channel: number;
  location: Location | null;
  data: Uint8Array;
}

export function readMediaUpload(body: Uint8Array, withLocation: boolean): MediaUpload {
  const r = new Reader(body);
  const head = { mediaId: r.dword(), type: r.byte(), format: r.byte(), event: r.byte(), channel: r.byte() };
  const location = withLocation ? readLocation(r.bytesOf(BASIC_LOCATION)) : null;
  return { ...head, location, data: r.rest() };
}

export function writeMediaUpload(media: MediaUpload): Uint8Array {
  const w = new Writer().dword(media.mediaId).byte(media.type).byte(media.format).byte(media.event).byte(media.channel);
  // The basic location only: the additional items a 0x0200 may carry have no place here.
  if (media.location) w.bytes(writeLocation(media.location).subarray(0, BASIC_LOCATION));
  return w.bytes(media.data).done();
}

/** 0x8800: the media file `mediaId` is whole (no indexes), or these of its sub-packages are to come again. */
export function writeMediaReply(mediaId: number, missing: readonly number[] = []): Uint8Array {
  const w = new Writer().dword(mediaId).byte(missing.length);
  for (const index of missing) w.word(index);
  return w.done();
}

export function readMediaReply(body: Uint8Array): { mediaId: number; missing: number[] } {
  const r = new Reader(body);
  const mediaId = r.dword();
  const count = r.byte();
  return { mediaId, missing: Array.from({ length: count }, () => r.word()) };
}

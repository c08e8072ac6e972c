import { describe, expect, it } from 'vitest';
import {
  CAPTURE_RESULT,
  location,
  MEDIA_EVENT,
  MEDIA_FORMAT,
  MEDIA_TYPE,
  readCapture,
  readCaptureReply,
  readMediaReply,
  readMediaUpload,
  readPacket,
  unescapeBytes,
  writeCapture,
  writeCaptureReply,
  writeMediaReply,
  writeMediaUpload,
} from '../../src/jt808/index.js';
import { bytesOf, upperHex } from './hex.js';
import { SMALLCHI_0801_PACKAGE1 } from './multimedia-frames.js';

/**
 * Bodies from SmallChi/JT808's tests (https://github.com/SmallChi/JT808, MIT License), copied unchanged as test data:
 * JT808_0x8801Test and JT808_0x8800Test (commit 1924e87f7c30c560eba6e472ef01478e8f7ced00), JT808_0x0805Test (commit
 * 183f2e22081fad0b991d7ab794b01cf84de8c48e), JT808_0x0801Test (commit 0e3a02cd774e175750ea0353d41ea2e05d2a8106).
 */
const SMALLCHI_8801 = '8000000A7E010809EB7E78F5';
const SMALLCHI_0805 = '30A80000020000301200003124';
const SMALLCHI_0801 = '00000A070000017B000000010000000200BA7F0E07E4F11C0028003C000018111523261001020304';
const SMALLCHI_8800 = '000000810201020304';

describe('JT/T 808 multimedia (0x8801, 0x0805, 0x0801, 0x8800)', () => {
  it('reads a capture command and writes one the standard’s way', () => {
    expect(readCapture(bytesOf(SMALLCHI_8801))).toEqual({
      channel: 128,
      count: 0,
      everySeconds: 2686,
      upload: false,
      resolution: 8,
      quality: 9,
    });
    const written = writeCapture({ channel: 1, count: 1, everySeconds: 0, upload: true, resolution: 2, quality: 5 });
    expect(written).toHaveLength(12);
    expect(readCapture(written)).toEqual({ channel: 1, count: 1, everySeconds: 0, upload: true, resolution: 2, quality: 5 });
  });

  it('reads and writes the capture response with its picture ids', () => {
    const reply = { serial: 12456, result: CAPTURE_RESULT.ok, mediaIds: [12306, 12580] };
    expect(readCaptureReply(bytesOf(SMALLCHI_0805))).toEqual(reply);
    expect(upperHex(writeCaptureReply(reply))).toBe(SMALLCHI_0805);
    expect(readCaptureReply(writeCaptureReply({ serial: 1, result: CAPTURE_RESULT.channelNotSupported, mediaIds: [] }))).toEqual({
      serial: 1,
      result: CAPTURE_RESULT.channelNotSupported,
      mediaIds: [],
    });
  });

  it('reads a media upload with its location, and a real terminal’s first JPEG sub-package', () => {
    const media = readMediaUpload(bytesOf(SMALLCHI_0801), true);
    expect(media).toMatchObject({
      mediaId: 2567,
      type: MEDIA_TYPE.image,
      format: MEDIA_FORMAT.jpeg,
      event: MEDIA_EVENT.timed,
      channel: 123,
    });
    expect(media.location).toMatchObject({ alarm: 1, status: 2, lat: 12.222222, lng: 132.444444, speed: 6, time: '181115232610' });
    expect(upperHex(media.data)).toBe('01020304');
    // Written back the same.
    expect(upperHex(writeMediaUpload(media))).toBe(SMALLCHI_0801);

    // The terminal's frame: its checksum is wrong, which the portal refuses; its body reads.
    const frame = bytesOf(SMALLCHI_0801_PACKAGE1);
    expect(readPacket(frame.subarray(1, -1))).toBe('checksum');
    const unescaped = unescapeBytes(frame.subarray(1, -1));
    if (!unescaped) throw new Error('not unescaped');
    // 2013 header with sub-package fields: 16 bytes; the checksum last.
    const first = readMediaUpload(unescaped.subarray(16, -1), true);
    expect(first).toMatchObject({
      mediaId: 10013,
      type: MEDIA_TYPE.image,
      format: MEDIA_FORMAT.jpeg,
      event: MEDIA_EVENT.timed,
      channel: 1,
    });
    expect(first.location?.time).toBe('190104092952');
    expect(upperHex(first.data.subarray(0, 2))).toBe('FFD8');
  });

  it('writes the upload response: whole, or the sub-packages to send again', () => {
    expect(readMediaReply(bytesOf(SMALLCHI_8800))).toEqual({ mediaId: 129, missing: [0x0102, 0x0304] });
    expect(upperHex(writeMediaReply(129, [0x0102, 0x0304]))).toBe(SMALLCHI_8800);
    expect(upperHex(writeMediaReply(7))).toBe('0000000700');
  });

  it('writes a 2011 upload without a location', () => {
    const media = { mediaId: 1, type: 0, format: 0, event: 0, channel: 1, location: null, data: Uint8Array.of(9) };
    expect(readMediaUpload(writeMediaUpload(media), false)).toEqual(media);
    expect(location).toBeDefined();
  });
});

import { describe, expect, it } from 'vitest';
import {
  AttachmentSplitter,
  attachmentNameParts,
  ID,
  Jt808FormatError,
  readAttachmentFile,
  readAttachmentFileReply,
  readAttachmentList,
  readAttachmentRequest,
  readPacket,
  writeAttachmentFile,
  writeAttachmentFileReply,
  writeAttachmentList,
  writeAttachmentRequest,
  writeFileData,
  writeFrames,
} from '../../src/jt808/index.js';
import { GO_JT808_ATTACHMENT } from './attachment-frames.js';
import { between } from './traccar-frames.js';

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
const hexOf = (b: Uint8Array) => Buffer.from(b).toString('hex');

function body(hex: string, id: number): Uint8Array {
  const read = readPacket(between(hex));
  if (typeof read === 'string') throw new Error(`frame refused: ${read}`);
  expect(read.header.id).toBe(id);
  return read.body;
}

describe('active-safety attachments (T/JSATL12) of a public gateway test', () => {
  it('reads the 0x1210 list, its alarm number padded with NULs on the left, and writes it back byte for byte', () => {
    const sent = body(GO_JT808_ATTACHMENT.list, ID.attachmentList);
    const list = readAttachmentList(sent);
    expect(list).toEqual({
      terminalId: '1234cd.',
      mark: { terminalId: '1234cd.', time: '250219204100', serial: 1, attachments: 1 },
      alarmNumber: '2024-11-22_10_00_00_',
      infoType: 0,
      files: [{ name: '2024-11-22_10_00_00_data.txt', size: 12 }],
    });
    // Written back, the number goes on the left of its field (the standard's way), so only that field differs.
    const written = writeAttachmentList(list);
    expect(written.length).toBe(sent.length);
    expect(hexOf(written.subarray(0, 23))).toBe(hexOf(sent.subarray(0, 23)));
    expect(hexOf(written.subarray(55))).toBe(hexOf(sent.subarray(55)));
  });

  it('reads 0x1211 and 0x1212, and writes them back byte for byte', () => {
    for (const [hex, id] of [
      [GO_JT808_ATTACHMENT.file, ID.attachmentFile],
      [GO_JT808_ATTACHMENT.done, ID.attachmentDone],
    ] as const) {
      const sent = body(hex, id);
      const file = readAttachmentFile(sent);
      expect(file).toEqual({ name: '2024-11-22_10_00_00_data.txt', type: 4, size: 12 });
      expect(hexOf(writeAttachmentFile(file))).toBe(hexOf(sent));
    }
  });

  it('cuts the stream of frames and out-of-order data frames, split anywhere, into the file', () => {
    const stream = Buffer.concat(
      [GO_JT808_ATTACHMENT.list, ...GO_JT808_ATTACHMENT.data, GO_JT808_ATTACHMENT.file, GO_JT808_ATTACHMENT.done].map(bytes),
    );
    for (const cut of [1, 2, 3, 7, 61, 62, 63, 500]) {
      const splitter = new AttachmentSplitter(4096, 65_536);
      const chunks = [];
      for (let at = 0; at < stream.length; at += cut) chunks.push(...splitter.push(stream.subarray(at, at + cut)));
      expect(chunks.map((c) => c.kind)).toEqual(['frame', 'data', 'data', 'data', 'frame', 'frame']);
      const file = Buffer.alloc(12);
      for (const chunk of chunks) if (chunk.kind === 'data') file.set(chunk.data, chunk.offset);
      expect(file.toString()).toBe('helloword123');
      expect(splitter.pending).toBe(0);
      expect(splitter.skipped).toBe(0);
    }
  });

  it('writes and reads 0x9208 and 0x9212, and data frames', () => {
    const mark = { terminalId: 'SS00001', time: '261207120000', serial: 3, attachments: 2 };
    const request = { host: 'portal.example.com', tcpPort: 6809, udpPort: 0, mark, alarmNumber: 'a'.repeat(32) };
    const written = writeAttachmentRequest(request);
    expect(written.length).toBe(1 + 18 + 4 + 16 + 32 + 16);
    expect(readAttachmentRequest(written)).toEqual(request);
    const reply = { name: '00_1_6401_0_x.jpg', type: 0, missing: [{ offset: 65_536, length: 1_000 }] };
    expect(readAttachmentFileReply(writeAttachmentFileReply(reply))).toEqual(reply);
    expect(writeAttachmentFileReply({ ...reply, missing: [] }).at(-2)).toBe(0);
    const data = writeFileData({ name: 'f.jpg', offset: 7, data: Uint8Array.of(1, 2, 3) });
    const [chunk] = new AttachmentSplitter(4096, 16).push(data);
    expect(chunk).toEqual({ kind: 'data', name: 'f.jpg', offset: 7, data: Uint8Array.of(1, 2, 3) });
  });

  it('skips bytes that open nothing, and refuses a data frame longer than it holds', () => {
    const splitter = new AttachmentSplitter(4096, 16);
    const frame = writeFrames({ id: ID.heartbeat, terminal: '1', serial: 1, version: 2013, body: new Uint8Array(0) })[0] as Uint8Array;
    const chunks = splitter.push(Buffer.concat([Buffer.from('junk'), frame]));
    expect(chunks).toHaveLength(1);
    expect(splitter.skipped).toBe(4);
    expect(() => splitter.push(writeFileData({ name: 'f', offset: 0, data: new Uint8Array(17) }))).toThrow(Jt808FormatError);
  });

  it('holds at most one frame: a peer that never closes it is skipped past', () => {
    const splitter = new AttachmentSplitter(100, 16);
    splitter.push(Uint8Array.of(0x7e));
    for (let i = 0; i < 20; i += 1) splitter.push(new Uint8Array(50).fill(1));
    expect(splitter.pending).toBeLessThanOrEqual(100);
  });

  it('reads what a name says of its file', () => {
    expect(attachmentNameParts('00_65_6501_0_abc.JPG')).toEqual({ type: 0, channel: 65, extension: 'jpg' });
    expect(attachmentNameParts('2024-11-22_10_00_00_data.txt')).toEqual({ type: null, channel: 10, extension: 'txt' });
  });
});

describe('attachment stream fuzz', () => {
  it('never throws but Jt808FormatError on a mangled stream, and never holds more than a frame or a data frame', () => {
    let state = 1208;
    const next = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state % n;
    };
    const seed = Buffer.concat(
      [GO_JT808_ATTACHMENT.list, ...GO_JT808_ATTACHMENT.data, GO_JT808_ATTACHMENT.file, GO_JT808_ATTACHMENT.done].map(bytes),
    );
    for (let i = 0; i < 5_000; i += 1) {
      const mangled = Uint8Array.from(seed);
      for (let k = 0; k <= next(6); k += 1) mangled[next(mangled.length)] = next(256);
      const splitter = new AttachmentSplitter(512, 1024);
      try {
        for (let at = 0; at < mangled.length; at += 1 + next(80)) {
          splitter.push(mangled.subarray(at, at + 1 + next(80)));
          expect(splitter.pending).toBeLessThanOrEqual(512 + 62 + 1024 + 80);
        }
      } catch (error) {
        expect(error).toBeInstanceOf(Jt808FormatError);
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  FrameSplitter,
  ID,
  Jt808FormatError,
  location,
  type Packet,
  Reassembly,
  readAttachmentFile,
  readAttachmentFileReply,
  readAttachmentList,
  readAttachmentRequest,
  readAuthentication,
  readCapture,
  readCaptureReply,
  readDriverCard,
  readLocation,
  readLocationBatch,
  readMediaReply,
  readMediaUpload,
  readPacket,
  readRegistration,
  readResendRequest,
  readUpgrade,
  readUpgradeResult,
  resendFrames,
  writeAuthentication,
  writeDriverCard,
  writeFrames,
  writeLocation,
  writeLocationBatch,
  writeResendRequest,
} from '../../src/jt808/index.js';
import { GO_JT808_ATTACHMENT } from './attachment-frames.js';
import { between, SMALLCHI_REGISTER_2019, TRACCAR_FRAMES } from './traccar-frames.js';

function packet(hex: string): Packet {
  const read = readPacket(between(hex));
  if (typeof read === 'string') throw new Error(`frame refused: ${read}`);
  return read;
}

const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('JT/T 808 frames of real terminals', () => {
  it('reads 2013 and 2011 registrations, told apart by their body length', () => {
    const reg = packet(TRACCAR_FRAMES.register2013);
    expect(reg.header).toMatchObject({ id: ID.register, terminal: '014130567872', serial: 36, version: 2013, packets: null });
    expect(readRegistration(reg.body, false)).toEqual({
      edition: 2013,
      province: 44,
      city: 303,
      maker: '70111',
      model: 'BSJ-A6-BD',
      terminalId: '0567872',
      plateColour: 1,
      plate: '粤B88888',
    });
    expect(readRegistration(packet(TRACCAR_FRAMES.register2013b).body, false)).toMatchObject({ model: 'HB-R03GBD', plate: '苏BA6860' });
    const old = packet(TRACCAR_FRAMES.register2011);
    expect(old.body.length).toBe(25);
    expect(readRegistration(old.body, false)).toMatchObject({ edition: 2011, plate: '' });
  });

  it('reads a 2019 registration: version flag, protocol version, 20-digit terminal number, wider fields', () => {
    const reg = packet(SMALLCHI_REGISTER_2019);
    expect(reg.header).toMatchObject({ version: 2019, protocolVersion: 1, terminal: '00000000022222222222', serial: 1 });
    const body = readRegistration(reg.body, true);
    expect(body).toMatchObject({ edition: 2019, plateColour: 2, plate: '粤A12346' });
    expect(body.maker.replace(/^0+/, '')).toBe('Koike002');
    expect(body.terminalId.replace(/^0+/, '')).toBe('Koike002');
  });

  it('reads authentication and heartbeat', () => {
    const auth = packet(TRACCAR_FRAMES.authenticate);
    expect(readAuthentication(auth.body, false)).toEqual({ code: 'authentication', imei: null, software: null });
    const beat = packet(TRACCAR_FRAMES.heartbeat);
    expect(beat.header).toMatchObject({ id: ID.heartbeat, terminal: '043048325465', serial: 183 });
    expect(beat.body.length).toBe(0);
  });

  it('reads locations: south latitude, speed, heading, mileage, signal, satellites, alarm bits', () => {
    const south = readLocation(packet(TRACCAR_FRAMES.locationSouth).body);
    expect(south).toMatchObject({ lat: -6.152508, lng: 106.720475, time: '170117100542', mileage: 4326.4, signal: 27, satellites: 4 });
    const moving = readLocation(packet(TRACCAR_FRAMES.locationMoving).body);
    expect(moving).toMatchObject({ lat: 22.375883, lng: 113.562653, speed: 24.1, heading: 252, time: '210118095853', alarm: 1 << 17 });
    expect(readLocation(packet(TRACCAR_FRAMES.locationLowVoltage).body).alarm).toBe(1 << 7);
  });

  it('reads batches: every position, the backlog flag', () => {
    const eight = readLocationBatch(packet(TRACCAR_FRAMES.batch8).body);
    expect(eight.locations.map((l) => l.time)).toEqual([
      '160527090624',
      '160527090653',
      '160527090727',
      '160527090756',
      '160527090830',
      '160527090900',
      '160527090933',
      '160527091002',
    ]);
    expect(eight).toMatchObject({ backlog: true, skipped: 0 });
    const four = readLocationBatch(packet(TRACCAR_FRAMES.batch4).body);
    expect(four.locations).toHaveLength(4);
    expect(four.locations[3]).toMatchObject({ lat: 23.169768, lng: 113.45068, time: '180514203006' });
  });

  it('refuses a frame whose checksum is wrong, and says why', () => {
    expect(readPacket(between(TRACCAR_FRAMES.badChecksum))).toBe('checksum');
  });

  it('writes every frame back byte for byte (header, escaping, checksum)', () => {
    for (const hex of [...Object.values(TRACCAR_FRAMES).filter((h) => h !== TRACCAR_FRAMES.badChecksum), SMALLCHI_REGISTER_2019]) {
      const { header, body } = packet(hex);
      const [written] = writeFrames({ ...header, body });
      expect(hexOf(written as Uint8Array)).toBe(hex.toLowerCase());
    }
  });
});

describe('JT/T 808 codec', () => {
  it('escapes 0x7e and 0x7d inside a message and reads them back', () => {
    const body = Uint8Array.from([0x7e, 0x7d, 0x01, 0x02, 0x7e]);
    const [bytes] = writeFrames({ id: 0x0900, terminal: '13800138000', serial: 0x7e7d, version: 2013, body });
    const inner = (bytes as Uint8Array).subarray(1, -1);
    expect(inner.includes(0x7e)).toBe(false);
    const read = readPacket(inner);
    expect(typeof read).toBe('object');
    expect((read as Packet).body).toEqual(body);
    expect((read as Packet).header.serial).toBe(0x7e7d);
  });

  it('writes and reads locations with active-safety items and batches of them', () => {
    const mark = { terminalId: 'SIM0001', time: '261207101500', serial: 3, attachments: 2 };
    const sent = location({
      lat: 59.91273,
      lng: -10.74609,
      time: '261207101500',
      speed: 63.4,
      heading: 271,
      alarm: 1,
      mileage: 1234.5,
      signal: 20,
      satellites: 9,
      safety: [
        { item: 0x64, alarmId: 7, flag: 1, type: 1, level: 2, speed: 63, lat: 59.91273, lng: 10.74609, time: '261207101500', mark },
        { item: 0x67, alarmId: 8, flag: 0, type: 2, level: 0, speed: 63, lat: 59.91273, lng: 10.74609, time: '261207101500', mark },
      ],
    });
    const read = readLocation(writeLocation(sent));
    expect(read).toMatchObject({ lat: 59.91273, lng: -10.74609, speed: 63.4, heading: 271, alarm: 1, mileage: 1234.5 });
    expect(read.safety).toEqual(sent.safety);
    const batch = readLocationBatch(writeLocationBatch({ backlog: false, locations: [sent, sent] }));
    expect(batch.locations).toHaveLength(2);
  });

  it('writes and reads a 2019 authentication and a driver card', () => {
    const auth = { code: 'x9Q-2', imei: '356789012345678', software: 'V1.2.3' };
    expect(readAuthentication(writeAuthentication(auth, true), true)).toEqual(auth);
    const card = {
      state: 1,
      time: '261207080000',
      readResult: 0,
      name: 'Kari Nordmann',
      licence: 'NO-123456',
      authority: 'Statens vegvesen',
      validUntil: '20301231',
      idNumber: null,
    };
    expect(readDriverCard(writeDriverCard(card, false), false)).toEqual(card);
    expect(readDriverCard(writeDriverCard({ ...card, idNumber: '01017012345' }, true), true).idNumber).toBe('01017012345');
  });

  it('cuts a stream into frames whatever the chunks, skipping bytes before the first flag', () => {
    const stream = Buffer.concat([
      Buffer.from('garbage'),
      Buffer.from(TRACCAR_FRAMES.heartbeat, 'hex'),
      Buffer.from(TRACCAR_FRAMES.register2013, 'hex'),
      Buffer.from(TRACCAR_FRAMES.batch8, 'hex'),
    ]);
    for (const size of [1, 3, 64, stream.length]) {
      const splitter = new FrameSplitter(4096);
      const frames: Uint8Array[] = [];
      for (let at = 0; at < stream.length; at += size) frames.push(...splitter.push(stream.subarray(at, at + size)));
      expect(frames.map((f) => (readPacket(f) as Packet).header.id)).toEqual([ID.heartbeat, ID.register, ID.locationBatch]);
    }
  });

  it('drops a frame longer than its limit and holds no more than the limit while waiting', () => {
    const splitter = new FrameSplitter(100);
    splitter.push(Uint8Array.from([0x7e]));
    for (let i = 0; i < 50; i += 1) {
      splitter.push(new Uint8Array(64).fill(1));
      expect(splitter.pending).toBeLessThanOrEqual(100);
    }
    // The flag that ends the long frame starts the next one, which is read.
    const frames = splitter.push(Buffer.from(TRACCAR_FRAMES.heartbeat, 'hex'));
    expect(splitter.overlong).toBe(1);
    expect(frames).toHaveLength(1);
  });

  it('sends a long body in sub-packages and joins them in any order', () => {
    const body = Uint8Array.from({ length: 2500 }, (_, i) => (i * 7) & 0xff);
    const frames = writeFrames({ id: 0x0801, terminal: '13800138000', serial: 65534, version: 2019, body });
    expect(frames).toHaveLength(3);
    const packets = frames.map((f) => readPacket(f.subarray(1, -1)) as Packet);
    expect(packets.map((p) => p.header.packets)).toEqual([
      { total: 3, index: 1 },
      { total: 3, index: 2 },
      { total: 3, index: 3 },
    ]);
    const joiner = new Reassembly({ maxMessages: 4, maxPackages: 8, timeoutMs: 1000 });
    expect(joiner.add(packets[2] as Packet, 0).kind).toBe('waiting');
    expect(joiner.add(packets[0] as Packet, 0).kind).toBe('waiting');
    expect(joiner.add(packets[0] as Packet, 0).kind).toBe('waiting');
    const whole = joiner.add(packets[1] as Packet, 0);
    expect(whole).toEqual({ kind: 'whole', firstSerial: 65534, body });
    expect(joiner.size).toBe(0);
  });

  it('asks once for the sub-packages still missing, then gives the message up; refuses beyond its limits', () => {
    const body = new Uint8Array(3000).fill(9);
    const out = { id: 0x0801, terminal: '13800138000', serial: 10, version: 2013 as const, body };
    const packets = writeFrames(out).map((f) => readPacket(f.subarray(1, -1)) as Packet);
    const joiner = new Reassembly({ maxMessages: 1, maxPackages: 3, timeoutMs: 1000 });
    joiner.add(packets[0] as Packet, 0);
    expect(joiner.expire(500)).toEqual({ ask: [], dropped: 0 });
    expect(joiner.expire(1000)).toEqual({ ask: [{ id: 0x0801, firstSerial: 10, missing: [2, 3] }], dropped: 0 });
    const request = readResendRequest(writeResendRequest({ serial: 10, indexes: [2, 3] }, false), false);
    expect(resendFrames(out, request.indexes).map((f) => (readPacket(f.subarray(1, -1)) as Packet).header.packets?.index)).toEqual([2, 3]);
    // Another message is refused while one waits (maxMessages 1); a message of more packages than allowed likewise.
    const other = writeFrames({ ...out, serial: 100 }).map((f) => readPacket(f.subarray(1, -1)) as Packet);
    expect(joiner.add(other[0] as Packet, 1000).kind).toBe('refused');
    expect(joiner.expire(2000)).toEqual({ ask: [], dropped: 1 });
    const big = writeFrames({ ...out, body: new Uint8Array(5000) }).map((f) => readPacket(f.subarray(1, -1)) as Packet);
    expect(joiner.add(big[0] as Packet, 2000)).toMatchObject({ kind: 'refused' });
  });
});

/** A small deterministic generator, so a failing case can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

describe('JT/T 808 fuzz', () => {
  it('never throws on mangled frames: a frame reads or names its problem; a body reads or throws Jt808FormatError', () => {
    const next = random(808);
    const attachmentFrames = [GO_JT808_ATTACHMENT.list, GO_JT808_ATTACHMENT.file, GO_JT808_ATTACHMENT.done];
    const seeds = [...Object.values(TRACCAR_FRAMES), SMALLCHI_REGISTER_2019, ...attachmentFrames].map(between);
    const readers = [
      (b: Uint8Array) => readLocation(b),
      (b: Uint8Array) => readLocationBatch(b),
      (b: Uint8Array) => readRegistration(b, next(2) === 1),
      (b: Uint8Array) => readAuthentication(b, next(2) === 1),
      (b: Uint8Array) => readDriverCard(b, next(2) === 1),
      (b: Uint8Array) => readResendRequest(b, next(2) === 1),
      (b: Uint8Array) => readAttachmentList(b),
      (b: Uint8Array) => readAttachmentFile(b),
      (b: Uint8Array) => readAttachmentFileReply(b),
      (b: Uint8Array) => readAttachmentRequest(b),
      (b: Uint8Array) => readUpgrade(b),
      (b: Uint8Array) => readUpgradeResult(b),
      (b: Uint8Array) => readCapture(b),
      (b: Uint8Array) => readCaptureReply(b),
      (b: Uint8Array) => readMediaUpload(b, next(2) === 1),
      (b: Uint8Array) => readMediaReply(b),
    ];
    for (let i = 0; i < 20_000; i += 1) {
      const bytes = Uint8Array.from(seeds[next(seeds.length)] as Uint8Array);
      let mangled: Uint8Array = bytes;
      switch (next(4)) {
        case 0:
          for (let k = 0; k <= next(4); k += 1) bytes[next(bytes.length)] ^= 1 << next(8);
          break;
        case 1:
          mangled = bytes.subarray(0, next(bytes.length));
          break;
        case 2:
          mangled = Uint8Array.from({ length: next(200) }, () => next(256));
          break;
        default:
          bytes[next(bytes.length)] = 0x7d;
      }
      const read = readPacket(mangled);
      const body = typeof read === 'string' ? mangled : read.body;
      for (const reader of readers) {
        try {
          reader(body);
        } catch (error) {
          expect(error).toBeInstanceOf(Jt808FormatError);
        }
      }
    }
  });
});

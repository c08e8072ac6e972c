/**
 * Active-safety attachments (T/JSATL12 section 4.5): the platform asks for an alarm's files (0x9208); the terminal
 * connects to the attachment listener, lists them (0x1210), announces each (0x1211), streams its bytes in data
 * frames (not 0x7e-framed: `30 31 63 64`, name, offset, length, bytes), says it is done (0x1212), and the platform
 * answers with the pieces still missing or that it is whole (0x9212).
 */
import { gbkBytes, Jt808FormatError, Reader, Writer } from './bytes.js';
import { FLAG } from './frame.js';
import { type AlarmMark, readMark, writeMark } from './location.js';

/** A file's type in 0x1211, 0x1212 and 0x9212. */
export const ATTACHMENT_TYPE = { picture: 0, audio: 1, video: 2, text: 3, other: 4 } as const;

/** 0x9208: where to send the files of the alarm `mark`, under the platform's number for it (32 characters). */
export interface AttachmentRequest {
  host: string;
  tcpPort: number;
  udpPort: number;
  mark: AlarmMark;
  alarmNumber: string;
}

/** One file of a 0x1210 list: its name (T/JSATL12 4.5.2: type_channel_alarm_serial_number.ext) and size in bytes. */
export interface ListedFile {
  name: string;
  size: number;
}

/** 0x1210: the files of an alarm the terminal is about to send. */
export interface AttachmentList {
  terminalId: string;
  mark: AlarmMark;
  alarmNumber: string;
  /** 0: the alarm's files, 1: files sent again. */
  infoType: number;
  files: ListedFile[];
}

/** 0x1211 (about to send) and 0x1212 (sent): one file. */
export interface AttachmentFile {
  name: string;
  type: number;
  size: number;
}

/** A stretch of a file's bytes. */
export interface Piece {
  offset: number;
  length: number;
}

/** 0x9212: the file is whole (`missing` empty), or these pieces are to be sent again. */
export interface AttachmentFileReply {
  name: string;
  type: number;
  missing: Piece[];
}

/** A data frame: `length` bytes of the file `name` from `offset`. */
export interface FileData {
  name: string;
  offset: number;
  data: Uint8Array;
}

/** The four bytes that open a data frame. */
export const DATA_MAGIC = Uint8Array.of(0x30, 0x31, 0x63, 0x64);
const DATA_HEADER = 4 + 50 + 4 + 4;

/** The alarm number: 32 bytes, NUL padding on either side dropped (some platforms pad on the left). */
const readNumber = (r: Reader) =>
  String.fromCharCode(...r.bytesOf(32))
    .replaceAll('\0', '')
    .trim();

/** A name of its own length, as its one-byte length says. */
const readName = (r: Reader) => r.text(r.byte());

function writeName(w: Writer, name: string): Writer {
  const bytes = gbkBytes(name).subarray(0, 255);
  return w.byte(bytes.length).bytes(bytes);
}

export function writeAttachmentRequest(request: AttachmentRequest): Uint8Array {
  const w = new Writer();
  writeName(w, request.host).word(request.tcpPort).word(request.udpPort);
  writeMark(w, request.mark);
  return w.text(request.alarmNumber, 32).bytes(new Uint8Array(16)).done();
}

export function readAttachmentRequest(body: Uint8Array): AttachmentRequest {
  const r = new Reader(body);
  const host = readName(r);
  const tcpPort = r.word();
  const udpPort = r.word();
  const mark = readMark(r);
  return { host, tcpPort, udpPort, mark, alarmNumber: readNumber(r) };
}

export function writeAttachmentList(list: AttachmentList): Uint8Array {
  const w = new Writer().text(list.terminalId, 7);
  writeMark(w, list.mark);
  w.text(list.alarmNumber, 32).byte(list.infoType).byte(list.files.length);
  for (const file of list.files) writeName(w, file.name).dword(file.size);
  return w.done();
}

export function readAttachmentList(body: Uint8Array): AttachmentList {
  const r = new Reader(body);
  const terminalId = r.text(7);
  const mark = readMark(r);
  const alarmNumber = readNumber(r);
  const infoType = r.byte();
  const count = r.byte();
  const files: ListedFile[] = [];
  for (let i = 0; i < count; i += 1) files.push({ name: readName(r), size: r.dword() });
  return { terminalId, mark, alarmNumber, infoType, files };
}

/** 0x1211 and 0x1212 share their layout. */
export function writeAttachmentFile(file: AttachmentFile): Uint8Array {
  return writeName(new Writer(), file.name).byte(file.type).dword(file.size).done();
}

export function readAttachmentFile(body: Uint8Array): AttachmentFile {
  const r = new Reader(body);
  return { name: readName(r), type: r.byte(), size: r.dword() };
}

export function writeAttachmentFileReply(reply: AttachmentFileReply): Uint8Array {
  const w = writeName(new Writer(), reply.name)
    .byte(reply.type)
    .byte(reply.missing.length > 0 ? 1 : 0)
    .byte(reply.missing.length);
  for (const piece of reply.missing) w.dword(piece.offset).dword(piece.length);
  return w.done();
}

export function readAttachmentFileReply(body: Uint8Array): AttachmentFileReply {
  const r = new Reader(body);
  const name = readName(r);
  const type = r.byte();
  r.byte(); // 0 whole, 1 pieces missing: the count says the same
  const count = r.byte();
  const missing: Piece[] = [];
  for (let i = 0; i < count; i += 1) missing.push({ offset: r.dword(), length: r.dword() });
  return { name, type, missing };
}

/** A data frame as sent (T/JSATL12 table 4-27). */
export function writeFileData({ name, offset, data }: FileData): Uint8Array {
  return new Writer().bytes(DATA_MAGIC).text(name, 50).dword(offset).dword(data.length).bytes(data).done();
}

/** What an attachment connection carries: 0x7e frames (their escaped contents, as FrameSplitter gives them) or data. */
export type AttachmentChunk = { kind: 'frame'; sent: Uint8Array } | ({ kind: 'data' } & FileData);

/**
 * Cuts an attachment connection's stream into frames and data frames. It holds at most one unfinished frame
 * (`maxFrame` bytes) or data frame (`maxData` bytes of data): a longer frame is skipped, a longer data frame throws
 * Jt808FormatError (its length cannot be trusted, so neither can anything after it). Bytes that start neither are
 * skipped and counted.
 */
export class AttachmentSplitter {
  private buffer: Uint8Array = new Uint8Array(0);
  /** Bytes skipped: outside any frame, or frames too long. */
  skipped = 0;

  constructor(
    private readonly maxFrame: number,
    private readonly maxData: number,
  ) {}

  push(chunk: Uint8Array): AttachmentChunk[] {
    this.buffer = this.buffer.length === 0 ? chunk.slice() : concat(this.buffer, chunk);
    const out: AttachmentChunk[] = [];
    let at = 0;
    const b = this.buffer;
    while (at < b.length) {
      if (b[at] === FLAG) {
        const end = b.indexOf(FLAG, at + 1);
        if (end < 0) {
          if (b.length - at > this.maxFrame) {
            this.skipped += b.length - at;
            at = b.length;
          }
          break;
        }
        // Two flags in a row: the first closed nothing (or a frame lost), the second opens the next.
        if (end > at + 1) out.push({ kind: 'frame', sent: b.slice(at + 1, end) });
        else this.skipped += 1;
        at = end === at + 1 ? end : end + 1;
        continue;
      }
      const magic = startsData(b, at);
      if (magic === 'maybe') break;
      if (magic) {
        if (b.length - at < DATA_HEADER) break;
        const r = new Reader(b.subarray(at + 4, at + DATA_HEADER));
        const name = r.text(50);
        const offset = r.dword();
        const length = r.dword();
        if (length > this.maxData) throw new Jt808FormatError(`data frame of ${length} bytes, more than ${this.maxData}`);
        if (b.length - at < DATA_HEADER + length) break;
        out.push({ kind: 'data', name, offset, data: b.slice(at + DATA_HEADER, at + DATA_HEADER + length) });
        at += DATA_HEADER + length;
        continue;
      }
      this.skipped += 1;
      at += 1;
    }
    this.buffer = at === 0 ? b : b.slice(at);
    return out;
  }

  /** Bytes held for a frame or data frame not yet whole. */
  get pending(): number {
    return this.buffer.length;
  }
}

/** Whether the bytes at `at` open a data frame: yes, no, or maybe (too few bytes yet to tell). */
function startsData(b: Uint8Array, at: number): boolean | 'maybe' {
  for (let i = 0; i < DATA_MAGIC.length; i += 1) {
    if (at + i >= b.length) return 'maybe';
    if (b[at + i] !== DATA_MAGIC[i]) return false;
  }
  return true;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/** What a file's name says of it (T/JSATL12 4.5.2: `type_channel_alarm_serial_number.ext`); channel 0 when unreadable. */
export function attachmentNameParts(name: string): { type: number | null; channel: number; extension: string } {
  const [type, channel] = name.split('_');
  const dot = name.lastIndexOf('.');
  return {
    type: /^\d{2}$/.test(type ?? '') ? Number(type) : null,
    channel: /^\d{1,3}$/.test(channel ?? '') ? Number(channel) : 0,
    extension: dot < 0 ? '' : name.slice(dot + 1).toLowerCase(),
  };
}

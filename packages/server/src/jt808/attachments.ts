import { createReadStream } from 'node:fs';
import { type FileHandle, open, rm } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { EVIDENCE_LIMITS, MAX_INCIDENT_RESOURCES } from '@safety-shield/contract/device';
import {
  ATTACHMENT_TYPE,
  type AttachmentFile,
  AttachmentSplitter,
  attachmentNameParts,
  type Header,
  ID,
  Jt808FormatError,
  type ListedFile,
  type Piece,
  REPLY_RESULT,
  readAttachmentFile,
  readAttachmentList,
  readPacket,
  writeAttachmentFileReply,
} from '@safety-shield/contract/jt808';
import type { DeviceIntake, ReportedResource } from '../device-port/index.js';
import type { AttachmentGrant, AttachmentRequests } from './attachment-requests.js';
import { type ConnectionParts, TerminalConnection } from './connection.js';
import { terminalKey } from './terminals.js';

/** What the attachment connections of one listener share. */
export interface AttachmentParts extends ConnectionParts {
  requests: AttachmentRequests;
  intake: DeviceIntake;
  /** Where files being received are written until they are whole. */
  folder: string;
  /** A connection silent this long is closed. */
  idleMs: number;
}

/** The longest 0x7e frame and data frame read; a longer data frame ends the connection. */
const MAX_FRAME = 4096;
const MAX_DATA = 1024 * 1024;
/** Frames and data frames read and not yet handled before the connection stops reading. */
const MAX_QUEUED = 16;
/** 0x9212 names at most this many missing pieces (its count is a byte); the rest are asked for on the next round. */
const MAX_PIECES = 255;

/** The evidence kind a listed file becomes, by its type in the name or its extension; null: taken and not kept. */
export function evidenceKindOf(name: string): 'picture' | 'video' | null {
  const { type, extension } = attachmentNameParts(name);
  if (extension === 'jpg' || extension === 'jpeg') return type === null || type === ATTACHMENT_TYPE.picture ? 'picture' : null;
  if (extension === 'mp4') return type === null || type === ATTACHMENT_TYPE.video ? 'video' : null;
  return null;
}

/** The pieces of [0, size) not covered by `have` (sorted, merged). */
export function missingPieces(have: readonly Piece[], size: number): Piece[] {
  const missing: Piece[] = [];
  let at = 0;
  for (const piece of have) {
    if (piece.offset > at) missing.push({ offset: at, length: piece.offset - at });
    at = Math.max(at, piece.offset + piece.length);
  }
  if (at < size) missing.push({ offset: at, length: size - at });
  return missing;
}

/** `have` with one more piece, sorted and merged. */
export function addPiece(have: readonly Piece[], piece: Piece): Piece[] {
  const all = [...have, piece].sort((a, b) => a.offset - b.offset);
  const merged: Piece[] = [];
  for (const next of all) {
    const last = merged.at(-1);
    if (last && next.offset <= last.offset + last.length) {
      last.length = Math.max(last.length, next.offset + next.length - last.offset);
    } else merged.push({ ...next });
  }
  return merged;
}

/** A file on its way: written where its pieces say, until 0x1212 finds it whole. */
interface Incoming {
  file: AttachmentFile;
  kind: 'picture' | 'video' | null;
  path: string;
  handle: FileHandle | null;
  have: Piece[];
}

let nextFile = 0;

/**
 * One attachment connection (docs/jt808.md, "Active-safety attachments"): a terminal 0x9208 sent here lists an
 * alarm's files under the alarm number it was given, then sends them one by one. Whole pictures and videos become the
 * incident's evidence through the device intake; nothing is kept of a connection without a valid number.
 */
export class AttachmentSession extends TerminalConnection {
  private readonly splitter = new AttachmentSplitter(MAX_FRAME, MAX_DATA);
  private grant: AttachmentGrant | undefined;
  private listed = new Map<string, ListedFile>();
  /** The listed files that became resources; the others are read and let go. */
  private kept = new Set<string>();
  private incoming: Incoming | undefined;

  constructor(
    socket: Socket,
    private readonly parts: AttachmentParts,
  ) {
    super(socket, parts, MAX_QUEUED, parts.idleMs);
  }

  protected get name(): string {
    return this.grant?.deviceUuid ?? `terminal ${this.wire.terminal}`;
  }

  protected read(chunk: Buffer): void {
    let chunks: ReturnType<AttachmentSplitter['push']>;
    try {
      chunks = this.splitter.push(chunk);
    } catch (err) {
      this.drop('data', () => (err instanceof Error ? err.message : String(err)));
      this.socket.destroy();
      return;
    }
    for (const part of chunks) {
      // In order: a file's data lands before the 0x1212 that follows it.
      this.enqueue(() =>
        (part.kind === 'frame' ? this.frame(part.sent) : this.data(part.name, part.offset, part.data)).catch((err: unknown) => {
          this.parts.log.error({ err, device: this.name }, 'jt808 attachment handling failed');
          this.socket.destroy();
        }),
      );
    }
  }

  private async frame(sent: Uint8Array): Promise<void> {
    const packet = readPacket(sent);
    if (typeof packet === 'string') return this.drop('frame', () => `unreadable frame: ${packet}`);
    const { header, body } = packet;
    this.wire = { terminal: header.terminal, version: header.version };
    try {
      switch (header.id) {
        case ID.attachmentList:
          return await this.list(header, body);
        case ID.attachmentFile:
          return await this.start(header, readAttachmentFile(body));
        case ID.attachmentDone:
          return await this.done(readAttachmentFile(body));
        case ID.heartbeat:
          return this.reply(header, REPLY_RESULT.ok);
        default:
          this.drop(header.id, () => 'message not supported on the attachment listener');
          return this.reply(header, REPLY_RESULT.unsupported);
      }
    } catch (err) {
      if (!(err instanceof Jt808FormatError)) throw err;
      this.drop(header.id, () => `malformed body: ${err.message}`);
      this.reply(header, REPLY_RESULT.malformed);
    }
  }

  /** 0x1210: the alarm number lets the connection in; the pictures and videos become the incident's resources. */
  private async list(header: Header, body: Uint8Array): Promise<void> {
    const list = readAttachmentList(body);
    const grant = await this.parts.requests.find(list.alarmNumber);
    if (!grant || grant.terminalNo !== terminalKey(header.terminal)) {
      this.parts.log.info({ terminal: header.terminal }, 'jt808 attachment connection refused: no such alarm number');
      this.reply(header, REPLY_RESULT.failed);
      this.socket.end();
      return;
    }
    const resources: ReportedResource[] = [];
    for (const file of list.files) {
      const kind = evidenceKindOf(file.name);
      if (!kind) continue;
      // As an MQTT device's resources: a name the console can show, and no more files than an incident report lists.
      if (!keepableName(file.name) || resources.length >= MAX_INCIDENT_RESOURCES) {
        this.drop(header.id, () => `attachment not kept: ${JSON.stringify(file.name.slice(0, 80))}`);
        continue;
      }
      resources.push({ id: file.name, kind, channel: channelOf(file.name), start: null, end: null });
    }
    if (!(await this.parts.intake.attachments(grant.deviceUuid, grant.incidentMessageId, resources))) {
      this.parts.log.info({ device: grant.deviceUuid }, 'jt808 attachments of no incident');
      this.reply(header, REPLY_RESULT.failed);
      this.socket.end();
      return;
    }
    this.grant = grant;
    this.listed = new Map(list.files.map((file) => [file.name, file]));
    this.kept = new Set(resources.map((resource) => resource.id));
    this.reply(header, REPLY_RESULT.ok);
  }

  /** 0x1211: a listed file is about to come; a picture or video larger than its kind allows is refused. */
  private async start(header: Header, file: AttachmentFile): Promise<void> {
    if (!this.grant || !this.listed.has(file.name)) {
      this.drop(header.id, () => `file not listed: ${file.name}`);
      return this.reply(header, REPLY_RESULT.failed);
    }
    const kind = this.kept.has(file.name) ? evidenceKindOf(file.name) : null;
    if (kind && file.size > EVIDENCE_LIMITS[kind].maxBytes) {
      this.drop(header.id, () => `${file.name}: ${file.size} bytes, more than a ${kind} may have`);
      return this.reply(header, REPLY_RESULT.failed);
    }
    await this.forget();
    nextFile += 1;
    const path = join(this.parts.folder, String(nextFile));
    // Only kept kinds are written; the others are read and let go.
    const handle = kind ? await open(path, 'w+') : null;
    this.incoming = { file, kind, path, handle, have: [] };
    this.reply(header, REPLY_RESULT.ok);
  }

  /** A data frame: written at its offset when it belongs to the file on its way and stays inside its size. */
  private async data(name: string, offset: number, data: Uint8Array): Promise<void> {
    const incoming = this.incoming;
    if (!incoming || incoming.file.name !== name || offset + data.length > incoming.file.size) {
      this.drop('data', () => `data of ${name} at ${offset} not expected`);
      return;
    }
    if (incoming.handle) await incoming.handle.write(data, 0, data.length, offset);
    incoming.have = addPiece(incoming.have, { offset, length: data.length });
  }

  /** 0x1212: whole, the file is stored and 0x9212 says so; else 0x9212 asks for the pieces still missing. */
  private async done(file: AttachmentFile): Promise<void> {
    const incoming = this.incoming;
    const grant = this.grant;
    if (!incoming || !grant || incoming.file.name !== file.name) {
      // Not announced here: asked for whole, which has it announce the file first.
      this.drop(ID.attachmentDone, () => `file not started: ${file.name}`);
      return this.doneReply(file, [{ offset: 0, length: file.size }]);
    }
    const missing = missingPieces(incoming.have, incoming.file.size);
    if (missing.length > 0) return this.doneReply(file, missing.slice(0, MAX_PIECES));
    if (incoming.handle && incoming.kind) {
      await incoming.handle.sync();
      const { path } = incoming;
      let result: Awaited<ReturnType<DeviceIntake['delivered']>>;
      try {
        result = await this.parts.intake.delivered(grant.deviceUuid, {
          incidentMessageId: grant.incidentMessageId,
          resourceId: file.name,
          size: incoming.file.size,
          open: () => createReadStream(path),
        });
      } catch (err) {
        // Not stored (the database or the store failed): the terminal sends it again.
        this.parts.log.error({ err, device: grant.deviceUuid, file: file.name }, 'jt808 attachment not stored');
        incoming.have = [];
        return this.doneReply(file, [{ offset: 0, length: incoming.file.size }]);
      }
      if (result !== 'stored') this.drop(ID.attachmentDone, () => `${file.name} not stored: ${result}`);
    } else {
      this.drop(ID.attachmentDone, () => `${file.name} taken and not kept (neither a picture nor a video)`);
    }
    await this.forget();
    this.doneReply(file, []);
  }

  private doneReply(file: AttachmentFile, missing: Piece[]): void {
    this.send(ID.attachmentDoneReply, writeAttachmentFileReply({ name: file.name, type: file.type, missing }));
  }

  /** Closes and removes the file on its way, if any. */
  private async forget(): Promise<void> {
    const incoming = this.incoming;
    this.incoming = undefined;
    if (!incoming) return;
    await incoming.handle?.close();
    if (incoming.handle) await rm(incoming.path, { force: true });
  }

  protected ended(): void {
    this.parts.track(this.queue.then(() => this.forget()));
  }
}

/** A file name that may name a resource: what the device protocol allows a resource id (64 characters, no control ones). */
const keepableName = (name: string) => name.length <= 64 && !/\p{Cc}/u.test(name);

/** The camera channel a file's name gives (1–16), else channel 1 (the names' second field is often a peripheral id). */
function channelOf(name: string): number {
  const { channel } = attachmentNameParts(name);
  return channel >= 1 && channel <= 16 ? channel : 1;
}

/**
 * A dashcam's side of the active-safety attachments (T/JSATL12 4.5; docs/jt808.md): on 0x9208 it connects to the
 * address it was given, lists the alarm's files (0x1210), and sends each (0x1211, data frames, 0x1212), sending again
 * the pieces the platform's 0x9212 names missing.
 */
import {
  ATTACHMENT_TYPE,
  type AttachmentRequest,
  ID,
  type Jt808Version,
  REPLY_RESULT,
  readAttachmentFileReply,
  writeAttachmentFile,
  writeAttachmentList,
  writeFileData,
} from '@safety-shield/contract/jt808';
import { Jt808Terminal } from './terminal.js';

/** One file of an alarm, as the dashcam keeps it. */
export interface AlarmFile {
  name: string;
  type: number;
  bytes: Uint8Array;
}

/** T/JSATL12 4.5.2's name: type_channel_alarm-type_serial_alarm-number.ext. */
export function alarmFileName(kind: 'picture' | 'video', channel: number, alarmType: string, serial: number, alarmNumber: string): string {
  const type = kind === 'picture' ? ATTACHMENT_TYPE.picture : ATTACHMENT_TYPE.video;
  return `${String(type).padStart(2, '0')}_${channel}_${alarmType}_${serial}_${alarmNumber}.${kind === 'picture' ? 'jpg' : 'mp4'}`;
}

export interface UploadOptions {
  terminal: string;
  version: Jt808Version;
  /** The 7 characters of the terminal id the alarm mark carries. */
  terminalId: string;
  /** Bytes per data frame; default 64 KiB. */
  pieceBytes?: number;
  /** Pieces (by index) left out the first time, as a lossy link would: the platform's 0x9212 asks for them. */
  lose?: ReadonlySet<number>;
  replyTimeoutMs?: number;
}

/** What an upload took: files the platform said were whole, and pieces sent again. */
export interface UploadOutcome {
  stored: number;
  resent: number;
}

/** Uploads the files of one alarm where 0x9208 said; rejects when the platform refuses or stops answering. */
export async function uploadAttachments(request: AttachmentRequest, files: AlarmFile[], options: UploadOptions): Promise<UploadOutcome> {
  const { terminal, version, replyTimeoutMs } = options;
  const piece = options.pieceBytes ?? 64 * 1024;
  const link = new Jt808Terminal({ host: request.host, port: request.tcpPort, terminal, version, replyTimeoutMs });
  await link.connect();
  const outcome = { stored: 0, resent: 0 };
  try {
    const listed = await link.generalRequest(
      ID.attachmentList,
      writeAttachmentList({
        terminalId: options.terminalId,
        mark: request.mark,
        alarmNumber: request.alarmNumber,
        infoType: 0,
        files: files.map((file) => ({ name: file.name, size: file.bytes.length })),
      }),
    );
    if (listed.result !== REPLY_RESULT.ok) throw new Error(`attachment list refused: result ${listed.result}`);
    for (const file of files) {
      const announced = { name: file.name, type: file.type, size: file.bytes.length };
      const started = await link.generalRequest(ID.attachmentFile, writeAttachmentFile(announced));
      if (started.result !== REPLY_RESULT.ok) throw new Error(`${file.name} refused: result ${started.result}`);
      const send = (offset: number, length: number) => {
        for (let at = offset; at < offset + length; at += piece) {
          const data = file.bytes.subarray(at, Math.min(offset + length, at + piece));
          link.sendRaw(writeFileData({ name: file.name, offset: at, data }));
        }
      };
      for (let index = 0; index * piece < file.bytes.length; index += 1) {
        if (!options.lose?.has(index)) send(index * piece, Math.min(piece, file.bytes.length - index * piece));
      }
      for (let round = 0; ; round += 1) {
        const answer = link.next(ID.attachmentDoneReply);
        link.send(ID.attachmentDone, writeAttachmentFile(announced));
        const reply = readAttachmentFileReply((await answer).body);
        if (reply.missing.length === 0) break;
        if (round >= 5) throw new Error(`${file.name}: still missing pieces after ${round} rounds`);
        for (const missing of reply.missing) {
          send(missing.offset, missing.length);
          outcome.resent += 1;
        }
      }
      outcome.stored += 1;
    }
  } finally {
    await link.close();
  }
  return outcome;
}

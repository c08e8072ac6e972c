/** The bodies of a terminal's session: registration, authentication, general replies, retransmission, driver cards. */
import { Reader, Writer } from './bytes.js';
import type { Jt808Version } from './packet.js';

/** 0x0100: what a terminal says of itself when it registers. */
export interface Registration {
  /** Told by the body's length when the header has no 2019 flag (2011 has shorter fields). */
  edition: Jt808Version;
  province: number;
  city: number;
  maker: string;
  model: string;
  terminalId: string;
  /** 0: no plate (the VIN follows instead); 1 blue, 2 yellow, 3 black, 4 white, 9 other. */
  plateColour: number;
  plate: string;
}

/** The field widths of 0x0100 per edition: maker, model, terminal id. */
const REGISTRATION_WIDTHS: Record<Jt808Version, [number, number, number]> = {
  2011: [5, 8, 7],
  2013: [5, 20, 7],
  2019: [11, 30, 30],
};

/** A 0x0100 body; without the 2019 flag a body shorter than 2013's fixed part (37 bytes) is a 2011 one. */
export function readRegistration(body: Uint8Array, v2019: boolean): Registration {
  const edition: Jt808Version = v2019 ? 2019 : body.length < 37 ? 2011 : 2013;
  const [maker, model, id] = REGISTRATION_WIDTHS[edition];
  const r = new Reader(body);
  return {
    edition,
    province: r.word(),
    city: r.word(),
    maker: r.text(maker),
    model: r.text(model),
    terminalId: r.text(id),
    plateColour: r.byte(),
    plate: r.left > 0 ? r.text(r.left) : '',
  };
}

export function writeRegistration(reg: Registration): Uint8Array {
  const [maker, model, id] = REGISTRATION_WIDTHS[reg.edition];
  return new Writer()
    .word(reg.province)
    .word(reg.city)
    .text(reg.maker, maker)
    .text(reg.model, model)
    .text(reg.terminalId, id)
    .byte(reg.plateColour)
    .textRest(reg.plate)
    .done();
}

/** 0x8100's results. */
export const REGISTRATION_RESULT = {
  ok: 0,
  vehicleTaken: 1,
  noSuchVehicle: 2,
  terminalTaken: 3,
  noSuchTerminal: 4,
} as const;

export interface RegistrationReply {
  serial: number;
  result: number;
  /** The authentication code, with result 0 only. */
  code: string | null;
}

export function writeRegistrationReply(reply: RegistrationReply): Uint8Array {
  const w = new Writer().word(reply.serial).byte(reply.result);
  if (reply.result === REGISTRATION_RESULT.ok && reply.code) w.textRest(reply.code);
  return w.done();
}

export function readRegistrationReply(body: Uint8Array): RegistrationReply {
  const r = new Reader(body);
  const serial = r.word();
  const result = r.byte();
  return { serial, result, code: result === 0 && r.left > 0 ? r.text(r.left) : null };
}

/** 0x0102: the code the platform gave at registration (2019 adds the IMEI and the software version). */
export interface Authentication {
  code: string;
  imei: string | null;
  software: string | null;
}

export function readAuthentication(body: Uint8Array, v2019: boolean): Authentication {
  const r = new Reader(body);
  if (!v2019) return { code: r.text(r.left), imei: null, software: null };
  const code = r.text(r.byte());
  return { code, imei: r.text(15), software: r.text(20) };
}

export function writeAuthentication(auth: Authentication, v2019: boolean): Uint8Array {
  if (!v2019) return new Writer().textRest(auth.code).done();
  const code = new Writer().textRest(auth.code).done();
  return new Writer()
    .byte(code.length)
    .bytes(code)
    .text(auth.imei ?? '', 15)
    .text(auth.software ?? '', 20)
    .done();
}

/** 0x0001 and 0x8001: the answer to one message. */
export interface GeneralReply {
  serial: number;
  id: number;
  /** 0 success, 1 failure, 2 malformed, 3 not supported; 0x8001 adds 4, an alarm acknowledged. */
  result: number;
}

export const REPLY_RESULT = { ok: 0, failed: 1, malformed: 2, unsupported: 3, alarmAcknowledged: 4 } as const;

export function readGeneralReply(body: Uint8Array): GeneralReply {
  const r = new Reader(body);
  return { serial: r.word(), id: r.word(), result: r.byte() };
}

export function writeGeneralReply(reply: GeneralReply): Uint8Array {
  return new Writer().word(reply.serial).word(reply.id).byte(reply.result).done();
}

/** 0x8003 (and 0x0005 the other way): the sub-packages of a message still missing. */
export interface ResendRequest {
  /** The serial of the message's first sub-package. */
  serial: number;
  indexes: number[];
}

/** 2019 counts the packages in a WORD, earlier editions in a BYTE. */
export function writeResendRequest(request: ResendRequest, v2019: boolean): Uint8Array {
  const w = new Writer().word(request.serial);
  if (v2019) w.word(request.indexes.length);
  else w.byte(request.indexes.length);
  for (const index of request.indexes) w.word(index);
  return w.done();
}

export function readResendRequest(body: Uint8Array, v2019: boolean): ResendRequest {
  const r = new Reader(body);
  const serial = r.word();
  const count = v2019 ? r.word() : r.byte();
  const indexes: number[] = [];
  for (let i = 0; i < count; i += 1) indexes.push(r.word());
  return { serial, indexes };
}

/** 0x0702: a driver's card put in or taken out (2013 and 2019; 2019 adds the driver's ID number). */
export interface DriverCard {
  /** 1: card in (the driver starts), 2: card out. */
  state: number;
  /** YYMMDDhhmmss of the terminal's clock. */
  time: string;
  /** 0 read, 1–4: the card could not be read (key, locked, pulled out, checksum). */
  readResult: number | null;
  name: string | null;
  /** The driver's qualification certificate number. */
  licence: string | null;
  authority: string | null;
  /** YYYYMMDD. */
  validUntil: string | null;
  idNumber: string | null;
}

export function readDriverCard(body: Uint8Array, v2019: boolean): DriverCard {
  const r = new Reader(body);
  const state = r.byte();
  const time = r.bcd(6);
  const card: DriverCard = { state, time, readResult: null, name: null, licence: null, authority: null, validUntil: null, idNumber: null };
  if (state !== 1) return card;
  card.readResult = r.byte();
  if (card.readResult !== 0) return card;
  card.name = r.text(r.byte());
  card.licence = r.text(20);
  card.authority = r.text(r.byte());
  card.validUntil = r.bcd(4);
  if (v2019 && r.left >= 20) card.idNumber = r.text(20);
  return card;
}

export function writeDriverCard(card: DriverCard, v2019: boolean): Uint8Array {
  const w = new Writer().byte(card.state).bcd(card.time, 6);
  if (card.state !== 1) return w.done();
  w.byte(card.readResult ?? 0);
  if ((card.readResult ?? 0) !== 0) return w.done();
  const name = new Writer().textRest(card.name ?? '').done();
  const authority = new Writer().textRest(card.authority ?? '').done();
  w.byte(name.length)
    .bytes(name)
    .text(card.licence ?? '', 20)
    .byte(authority.length)
    .bytes(authority)
    .bcd(card.validUntil ?? '', 4);
  if (v2019) w.text(card.idNumber ?? '', 20);
  return w.done();
}

/** 0x8300: a text for the driver (flags: bit 0 emergency, 2 show, 3 read aloud). */
export function writeDriverText(text: string, flags: number, v2019: boolean): Uint8Array {
  const w = new Writer().byte(flags);
  // 2019 adds a text type byte (1: notice, 2: service).
  if (v2019) w.byte(1);
  return w.textRest(text).done();
}

export function readDriverText(body: Uint8Array, v2019: boolean): { flags: number; text: string } {
  const r = new Reader(body);
  const flags = r.byte();
  if (v2019) r.byte();
  return { flags, text: r.text(r.left) };
}

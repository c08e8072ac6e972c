/** Terminal parameters (JT/T 808-2019 section 8.8, table 12): 0x8103 sets them, 0x8104 asks, 0x0104 answers. */
import { Reader, Writer } from './bytes.js';

/** The parameters the portal maps onto its configuration (docs/jt808.md, "Configuration"), by id. */
export const PARAMETER = {
  /** DWORD, seconds between heartbeats. */
  heartbeatSeconds: 0x0001,
  /** STRING: the main server's APN, its user and password. */
  apn: 0x0010,
  apnUser: 0x0011,
  apnPassword: 0x0012,
  /** DWORD, seconds between location reports (the default time reporting interval). */
  reportSeconds: 0x0029,
} as const;

const TEXT_PARAMETERS = new Set<number>([PARAMETER.apn, PARAMETER.apnUser, PARAMETER.apnPassword]);

export type ParameterValue = number | string;

/** One parameter as it travels: a DWORD number, or a GBK text for the text parameters above; other ids keep their bytes. */
export interface Parameter {
  id: number;
  value: ParameterValue | Uint8Array;
}

function writeItems(w: Writer, parameters: readonly Parameter[]): void {
  w.byte(parameters.length);
  for (const { id, value } of parameters) {
    const data =
      typeof value === 'number'
        ? new Writer().dword(value).done()
        : typeof value === 'string'
          ? new Writer().textRest(value).done()
          : value;
    w.dword(id).byte(data.length).bytes(data);
  }
}

function readItems(r: Reader): Parameter[] {
  const count = r.byte();
  const parameters: Parameter[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = r.dword();
    const data = r.bytesOf(r.byte());
    const item = new Reader(data);
    if (TEXT_PARAMETERS.has(id)) parameters.push({ id, value: item.text(data.length) });
    else if (data.length === 4) parameters.push({ id, value: item.dword() });
    else parameters.push({ id, value: data });
  }
  return parameters;
}

/** 0x8103: set these parameters. */
export function writeSetParameters(parameters: readonly Parameter[]): Uint8Array {
  const w = new Writer();
  writeItems(w, parameters);
  return w.done();
}

export function readSetParameters(body: Uint8Array): Parameter[] {
  return readItems(new Reader(body));
}

/** 0x0104: the parameters a terminal runs, answering the 0x8104 of `serial`. */
export function writeParameterReply(serial: number, parameters: readonly Parameter[]): Uint8Array {
  const w = new Writer().word(serial);
  writeItems(w, parameters);
  return w.done();
}

export function readParameterReply(body: Uint8Array): { serial: number; parameters: Parameter[] } {
  const r = new Reader(body);
  const serial = r.word();
  return { serial, parameters: readItems(r) };
}

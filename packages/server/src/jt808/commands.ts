/**
 * The portal's commands (the contract's down kinds) as JT/T 808 messages (docs/jt808.md, "Commands"): what a kind is
 * sent as, and how the terminal's answer becomes the command's acknowledgement. A kind without a JT/T 808 form is
 * refused as a device refuses a command it cannot carry out.
 */
import type { ConfigSettings } from '@safety-shield/contract';
import type { DownKind, DownPayload } from '@safety-shield/contract/device';
import {
  ID,
  PARAMETER,
  type Packet,
  type Parameter,
  REPLY_RESULT,
  readGeneralReply,
  readParameterReply,
  writeDriverText,
  writeSetParameters,
} from '@safety-shield/contract/jt808';
import type { CommandAck } from '../device-port/index.js';

/** A command as the terminal gets it, and what its answer means. */
export interface TerminalCommand {
  id: number;
  body: Uint8Array;
  /** The message that answers it (0x0001 for most). */
  answer: number;
  ack(reply: Packet, ref: string): CommandAck;
}

/** 0x8300's flags: show it on the terminal's screen, read it aloud (TTS). */
const TEXT_FLAG = { show: 0x04, readAloud: 0x08 } as const;

/** Why the terminal refused, as a general reply's result says it. */
const REFUSALS: Record<number, string> = {
  [REPLY_RESULT.failed]: 'the terminal failed to carry it out',
  [REPLY_RESULT.malformed]: 'the terminal found the message malformed',
  [REPLY_RESULT.unsupported]: 'the terminal does not support it',
};

export const NOT_SUPPORTED = 'not supported by the device protocol';

/** The configuration's settings a terminal has parameters for; the rest it does not run (docs/jt808.md). */
export function configParameters(settings: ConfigSettings): Parameter[] {
  const parameters: Parameter[] = [];
  if (settings.uploadIntervalSeconds !== undefined) parameters.push({ id: PARAMETER.reportSeconds, value: settings.uploadIntervalSeconds });
  if (settings.apn) {
    parameters.push({ id: PARAMETER.apn, value: settings.apn.name });
    if (settings.apn.user !== undefined) parameters.push({ id: PARAMETER.apnUser, value: settings.apn.user });
    if (settings.apn.password !== undefined) parameters.push({ id: PARAMETER.apnPassword, value: settings.apn.password });
  }
  return parameters;
}

/**
 * The settings a terminal's parameters (0x0104) say it runs: those configParameters sends, read back; a value the
 * setting's schema would refuse (a report interval over a minute, an APN of other characters) is left out.
 */
export function parameterSettings(parameters: readonly Parameter[]): ConfigSettings {
  const value = (id: number) => parameters.find((p) => p.id === id)?.value;
  const settings: ConfigSettings = {};
  const seconds = value(PARAMETER.reportSeconds);
  if (typeof seconds === 'number' && seconds >= 1 && seconds <= 60) settings.uploadIntervalSeconds = seconds;
  const apn = value(PARAMETER.apn);
  if (typeof apn === 'string' && /^[\x21-\x7e]{1,64}$/.test(apn)) {
    const user = value(PARAMETER.apnUser);
    settings.apn = { name: apn, ...(typeof user === 'string' && user && user.length <= 64 ? { user } : {}) };
  }
  return settings;
}

/** A general reply (0x0001) as an acknowledgement: result 0 is done, the others a refusal naming why. */
function generalAck(reply: Packet, ref: string, result?: Record<string, unknown>): CommandAck {
  const { result: code } = readGeneralReply(reply.body);
  if (code === REPLY_RESULT.ok) return { ref, ok: true, error: null, ...(result ? { result } : {}) };
  return { ref, ok: false, error: REFUSALS[code] ?? `the terminal answered ${code}` };
}

/**
 * The terminal's form of a command; a string says why there is none. `configVersion` is the version it last
 * acknowledged (its parameters do not say). An upgrade is the session's own work (upgrades.ts).
 */
export function terminalCommand<K extends DownKind>(
  kind: K,
  payload: DownPayload<K>,
  { configVersion, edition }: { configVersion: number; edition: number },
): TerminalCommand | string {
  if (kind === 'driverText') {
    const { text, readAloud } = payload as DownPayload<'driverText'>;
    const flags = TEXT_FLAG.show | (readAloud ? TEXT_FLAG.readAloud : 0);
    return { id: ID.driverText, body: writeDriverText(text, flags, edition === 2019), answer: ID.terminalReply, ack: generalAck };
  }
  if (kind === 'configGet') {
    return {
      id: ID.queryParameters,
      body: new Uint8Array(0),
      answer: ID.parameterReply,
      ack: (reply, ref) => ({
        ref,
        ok: true,
        error: null,
        result: { version: configVersion, settings: parameterSettings(readParameterReply(reply.body).parameters) },
      }),
    };
  }
  if (kind === 'config') {
    const config = payload as DownPayload<'config'>;
    const parameters = configParameters(config.settings);
    if (parameters.length === 0) return 'nothing in this configuration has a JT/T 808 parameter';
    return {
      id: ID.setParameters,
      body: writeSetParameters(parameters),
      answer: ID.terminalReply,
      ack: (reply, ref) => generalAck(reply, ref, { version: config.version }),
    };
  }
  return NOT_SUPPORTED;
}

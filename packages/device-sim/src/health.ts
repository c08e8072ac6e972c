import type { DeviceFaultCode } from '@safety-shield/contract';
import type { HealthUp } from '@safety-shield/contract/device';
import { pick, type Random, uniform } from './random.js';

/** A fault the device has now (docs/device-protocol.md, `health`): a camera by its channel, the rest of the whole device. */
export interface SimFault {
  code: DeviceFaultCode;
  channel?: number;
}

const sameFault = (a: SimFault, b: SimFault) => a.code === b.code && (a.channel ?? 0) === (b.channel ?? 0);

/** The payload of `health`: the whole set of current faults, an empty list when all is well. */
export function healthPayload(faults: readonly SimFault[]): HealthUp {
  return { faults: faults.map(({ code, channel }) => (code === 'cameraLost' ? { code, channel: channel ?? 1 } : { code })) };
}

/** The faults a DVR on the road develops, weighted: cameras and GPS come and go, cards and power less often. */
const RANDOM_FAULTS: readonly DeviceFaultCode[] = [
  'cameraLost',
  'cameraLost',
  'cameraLost',
  'gpsLost',
  'gpsLost',
  'storageFull',
  'storageError',
  'lowVoltage',
  'overheat',
];

/** A random fault and how long it lasts (2 to 20 minutes). */
export function randomFault(random: Random, channels: number): { fault: SimFault; lastsMs: number } {
  const code = pick(random, RANDOM_FAULTS);
  const fault: SimFault = code === 'cameraLost' ? { code, channel: 1 + Math.floor(random() * channels) } : { code };
  return { fault, lastsMs: Math.round(uniform(random, 2 * 60_000, 20 * 60_000)) };
}

/** `faults` with `fault` added (once) or removed. */
export function withFault(faults: readonly SimFault[], fault: SimFault, on: boolean): SimFault[] {
  const others = faults.filter((held) => !sameFault(held, fault));
  return on ? [...others, fault] : others;
}

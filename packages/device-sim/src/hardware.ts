import type { HelloUp } from '@safety-shield/contract/device';
import { DEFAULT_FIRMWARE, DEFAULT_MODEL, type SimDeviceOptions } from './device-options.js';
import { iccidFor } from './messages.js';
import { hashSeed, pick, seededRandom } from './random.js';

/**
 * What the device says it is in `hello` (docs/device-protocol.md): firmware, SIM card (ICCID), camera channels,
 * name and hardware model; what the options leave out is drawn from the seed, so the same device has the same hardware every run.
 */
export function helloOf(options: SimDeviceOptions, seed: number): HelloUp {
  const hardware = seededRandom(hashSeed(seed, 'hardware'));
  return {
    version: options.firmware ?? DEFAULT_FIRMWARE,
    iccid: options.iccid ?? iccidFor(Math.floor(hardware() * 2 ** 32)),
    channels: options.channels ?? pick(hardware, [1, 2, 4, 4, 4, 8]),
    name: options.name ?? `Sim ${options.uuid}`,
    model: options.model ?? DEFAULT_MODEL,
  };
}

/** The camera channels a `hello` announces (at least one). */
export const channelsOf = (hello: HelloUp): number => Number(hello.channels) || 1;

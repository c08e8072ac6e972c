import type { SosUp } from '@safety-shield/contract/device';
import type { DriveSample } from './drive.js';
import { localTimeText } from './incidents.js';

/** The payload of an `sos` start (docs/device-protocol.md, `sos`): the press, at the current position. */
export function sosStartPayload(sample: DriveSample, now = Date.now()): SosUp {
  return { state: 'start', time: now, localTime: localTimeText(now), lat: sample.lat, lng: sample.lng, speed: sample.speed };
}

/** The payload of an `sos` stop: the release of the press whose message id is `startId`. */
export function sosStopPayload(startId: string, now = Date.now()): SosUp {
  return { state: 'stop', startId, time: now, localTime: localTimeText(now) };
}

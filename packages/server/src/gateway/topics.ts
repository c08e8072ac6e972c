/** Topic names and who may use them (docs/device-protocol.md, "Topics and access"). */
import { RETAINED_UP_KIND } from '@safety-shield/contract/device';

/** A device uuid: 1–64 characters of A-Z a-z 0-9 - _ . (no MQTT wildcard or level separator can hide in it). */
const DEVICE_UUID = /^[A-Za-z0-9._-]{1,64}$/;
const KIND = /^[A-Za-z][A-Za-z0-9]{0,31}$/;

export const isDeviceUuid = (value: unknown): value is string => typeof value === 'string' && DEVICE_UUID.test(value);

export { downTopic, upTopic } from '@safety-shield/contract/device';

/** `dev/{uuid}/up/{kind}` split into its parts; undefined for any other topic. */
export function parseUpTopic(topic: string): { uuid: string; kind: string } | undefined {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== 'dev' || parts[2] !== 'up') return undefined;
  const [, uuid, , kind] = parts;
  if (!isDeviceUuid(uuid) || kind === undefined || !KIND.test(kind)) return undefined;
  return { uuid, kind };
}

/** A device publishes only `dev/{ownUuid}/up/{kind}`; retained only its presence (the status topic). */
export function mayPublish(clientId: string, topic: string, retain: boolean): boolean {
  const up = parseUpTopic(topic);
  if (!up || up.uuid !== clientId) return false;
  return !retain || up.kind === RETAINED_UP_KIND;
}

/** A device subscribes only below `dev/{ownUuid}/down/`. */
export function maySubscribe(clientId: string, filter: string): boolean {
  const prefix = `dev/${clientId}/down/`;
  return isDeviceUuid(clientId) && filter.startsWith(prefix) && filter.length > prefix.length;
}

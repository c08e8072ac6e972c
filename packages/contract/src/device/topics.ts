import { UP_KINDS, type UpKind } from './up.js';

/**
 * The topics of docs/device-protocol.md ("Topics and access", generated from here): every up kind on
 * `dev/{uuid}/up/{kind}`, every down kind on `dev/{uuid}/down/{kind}`, which up kind is retained and which ones every
 * portal node subscribes unshared on an external broker.
 */

export const upTopic = (uuid: string, kind: string) => `dev/${uuid}/up/${kind}`;
export const downTopic = (uuid: string, kind: string) => `dev/${uuid}/down/${kind}`;
/** What a device subscribes: everything the portal sends it. */
export const downFilter = (uuid: string) => `dev/${uuid}/down/#`;

/** The one up kind a device publishes retained: its presence, which its last will sets offline. */
export const RETAINED_UP_KIND = 'status' satisfies UpKind;

/**
 * The up kinds every portal node subscribes unshared on an external broker, with why; the nodes share the others
 * through `$share/{group}/…`.
 */
export const unsharedUpKinds = {
  sos: 'every node files every S.O.S',
  ack: 'every node sees every ack, since any node may have sent the command',
} as const satisfies Partial<Record<UpKind, string>>;

export const SHARED_UP_KINDS = UP_KINDS.filter((kind) => !Object.hasOwn(unsharedUpKinds, kind));
export const UNSHARED_UP_KINDS = Object.keys(unsharedUpKinds) as Array<keyof typeof unsharedUpKinds>;

/** What a portal node subscribes on an external broker (QoS 1): its share of the devices' messages, and every unshared kind. */
export const portalNodeTopics = (shareGroup: string) => [
  ...SHARED_UP_KINDS.map((kind) => `$share/${shareGroup}/${upTopic('+', kind)}`),
  ...UNSHARED_UP_KINDS.map((kind) => upTopic('+', kind)),
];

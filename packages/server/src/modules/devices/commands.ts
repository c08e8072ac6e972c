/**
 * How a module sends a device a command over the gateway (main.ts hands each module the gateway's `sendCommand`): the
 * device's ack, or a rejection (with `ack` when the device refused, without when none came within `timeoutMs`).
 */
export type SendCommand = (deviceUuid: string, kind: string, payload: Record<string, unknown>, timeoutMs?: number) => Promise<unknown>;

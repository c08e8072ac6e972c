import type { UpKind, UpPayload } from '@safety-shield/contract/device';
import type { MqttClient } from 'mqtt';
import { InflightLimit } from './inflight.js';
import { messageIds, PROTOCOL_VERSION, upTopic } from './messages.js';

/**
 * The device's up channel: envelopes (v, id, at), QoS 1, and the in-flight limit. A slot is taken with `acquire()`
 * and freed by `send()` at the PUBACK, or by `giveUpAll()` when the session is cut with messages unacknowledged.
 */
export class UpPublisher {
  readonly nextId = messageIds();
  readonly counts = { published: 0, acked: 0 };
  private readonly limit: InflightLimit;
  /** Settlers of publishes awaiting their PUBACK. */
  private readonly pending = new Set<() => void>();

  constructor(
    private readonly uuid: string,
    maxInflight: number,
  ) {
    this.limit = new InflightLimit(maxInflight);
  }

  get inflight(): number {
    return this.limit.inflight;
  }

  get unacknowledged(): number {
    return this.pending.size;
  }

  acquire(urgent = false): Promise<void> {
    return this.limit.acquire(urgent);
  }

  release(): void {
    this.limit.release();
  }

  /**
   * Publishes `dev/{uuid}/up/{kind}` with a slot already taken; resolves true on PUBACK, false if given up. `id` is a
   * message id drawn earlier with `nextId()` (an incident's, named before it is sent); a fresh one by default. A
   * protocol kind takes the contract's payload; another kind any object.
   */
  send<K extends string>(
    client: MqttClient,
    kind: K,
    payload: K extends UpKind ? UpPayload<K> : Record<string, unknown>,
    retain = false,
    id = this.nextId(),
  ): Promise<boolean> {
    if (client.disconnecting) {
      this.limit.release();
      return Promise.resolve(false);
    }
    const { at, ...rest } = payload as Record<string, unknown>;
    const message = { v: PROTOCOL_VERSION, id, at: typeof at === 'number' ? at : Date.now(), ...rest };
    this.counts.published++;
    return new Promise((resolve) => {
      let done = false;
      const settle = (ok: boolean) => {
        if (done) return;
        done = true;
        this.pending.delete(giveUp);
        this.limit.release();
        if (ok) this.counts.acked++;
        resolve(ok);
      };
      const giveUp = () => settle(false);
      this.pending.add(giveUp);
      // mqtt.js calls back at the PUBACK, also after a reconnection that resent the message.
      client.publish(upTopic(this.uuid, kind), JSON.stringify(message), { qos: 1, retain }, (error) => settle(!error));
    });
  }

  /** After a forced end mqtt.js never calls back: free the slots of what was still unacknowledged. */
  giveUpAll(): void {
    for (const giveUp of [...this.pending]) giveUp();
  }
}

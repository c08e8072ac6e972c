import type { UpKind, UpPayload } from '@safety-shield/contract/device';
import { connect, ErrorWithReasonCode, type IClientOptions, type MqttClient } from 'mqtt';
import type { CredentialStore } from './credentials.js';
import type { SimDeviceOptions } from './device-options.js';
import { downFilter, PROTOCOL_VERSION, upTopic } from './messages.js';
import { UpPublisher } from './publisher.js';
import { exponential, hashSeed, type Random, seededRandom, uniform } from './random.js';
import { delay, withTimeout } from './wait.js';

/** docs/device-protocol.md: keep-alive 30 s, at most 100 messages in flight. */
const KEEPALIVE_S = 30;
const MAX_INFLIGHT = 100;
const DEFAULT_RECONNECT_DELAY_MS = { min: 2_000, max: 5_000 };
/** Back-off ceiling after refused connections, so a fleet with a wrong key does not hammer the portal. */
const MAX_RETRY_MS = 60_000;
/** How long stop() and disconnect() wait for outstanding acknowledgements before cutting the line. */
export const DRAIN_TIMEOUT_MS = 5_000;

/** What the session tells the device. */
export interface SessionHooks {
  /** A CONNACK 0. */
  connect(): void;
  /** `status` online is on its way on this connection (subscribed first if needed): the rest of the greeting may follow. */
  announce(): void;
  /** A message on one of the device's down topics. */
  message(topic: string, payload: Buffer): void;
  /** A connection that had been accepted is closed. */
  offline(): void;
  problem(error: Error): void;
}

export interface PublishOptions {
  retain?: boolean;
  /** Waits at the front of the in-flight queue (status, hello, ack, alarms). */
  urgent?: boolean;
  /** A message id drawn earlier with `up.nextId()`; a fresh one by default. */
  id?: string;
}

/**
 * The device's MQTT connection and session (docs/device-protocol.md, Connection): CONNECT with the secret or the
 * provisioning key and a last will, the down subscription kept in a persistent session, `status` online at each
 * connection, back-off after refusals, random drops, and the graceful end. Everything up goes through `up`, the
 * in-flight limit included.
 */
export class DeviceSession {
  readonly up: UpPublisher;
  readonly counts = { connects: 0, refused: 0, drops: 0 };
  private readonly uuid: string;
  private readonly random: Random;
  private mqttClient: MqttClient | undefined;
  /** The broker holds our down subscription in the session (a SUBACK came since the last session-less connect). */
  private subscribed = false;
  /** Status is out on this connection: the rest may follow. Offline, what is queued waits. */
  private announcedNow = false;
  /** Between a CONNACK and the close of that connection. */
  private online = false;
  /** Set by disconnect()/stop(): no publishing until reconnect(). */
  private ended = false;
  private stoppedForGood = false;
  private retryMs: number;
  private dropTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: SimDeviceOptions,
    seed: number,
    private readonly credentials: CredentialStore,
    private readonly hooks: SessionHooks,
  ) {
    this.uuid = options.uuid;
    this.random = seededRandom(hashSeed(seed, 'link'));
    this.up = new UpPublisher(this.uuid, options.maxInflight ?? MAX_INFLIGHT);
    this.retryMs = this.reconnectDelay();
  }

  /** The mqtt.js client (after start()). */
  get client(): MqttClient {
    if (!this.mqttClient) throw new Error(`${this.uuid} is not started`);
    return this.mqttClient;
  }

  get started(): boolean {
    return this.mqttClient !== undefined;
  }

  get connected(): boolean {
    return this.mqttClient?.connected === true;
  }

  /** `status` online went out on the current connection. */
  get announced(): boolean {
    return this.announcedNow;
  }

  /** Announced on a connection and not ended: queued messages may go. */
  get sending(): boolean {
    return !this.ended && this.announcedNow;
  }

  /** stop() was called: no reconnecting from now on. */
  get stopped(): boolean {
    return this.stoppedForGood;
  }

  /** Started, and not ended by disconnect(): there is a session to end. */
  get open(): boolean {
    return this.mqttClient !== undefined && !this.ended;
  }

  /** Connects; resolves true on the first CONNACK 0, false if the first attempt fails. */
  start(): Promise<boolean> {
    const client = connect(this.options.brokerUrl, {
      clientId: this.uuid,
      username: this.uuid,
      password: this.password(),
      clean: false,
      keepalive: KEEPALIVE_S,
      protocolVersion: 4,
      reconnectPeriod: this.retryMs,
      reconnectOnConnackError: true,
      // The device subscribes itself whenever the broker has no session for it (see onConnect).
      resubscribe: false,
      will: this.will(),
      ...this.options.mqtt,
    });
    this.mqttClient = client;
    client.on('reconnect', () => {
      // The password and the will are read at each CONNECT: a secret received meanwhile is used from now on.
      client.options.password = this.password();
      client.options.will = this.will();
    });
    client.on('connect', (connack) => this.onConnect(connack.sessionPresent));
    client.on('message', (topic, payload) => this.hooks.message(topic, payload));
    client.on('error', (error) => this.onError(error));
    client.on('close', () => this.onClose());
    return new Promise((resolve) => {
      const settle = (ok: boolean) => {
        client.off('connect', onOk);
        client.off('error', onFail);
        client.off('close', onFail);
        resolve(ok);
      };
      const onOk = () => settle(true);
      const onFail = () => settle(false);
      client.once('connect', onOk);
      client.once('error', onFail);
      client.once('close', onFail);
    });
  }

  /**
   * Publishes `dev/{uuid}/up/{kind}` with QoS 1 once it has a publish slot; resolves true on PUBACK, false if the
   * session ended first.
   */
  async publish<K extends string>(
    kind: K,
    payload: K extends UpKind ? UpPayload<K> : Record<string, unknown>,
    options: PublishOptions = {},
  ): Promise<boolean> {
    const client = this.mqttClient;
    if (this.ended || !client) return false;
    await this.up.acquire(options.urgent);
    return this.up.send(client, kind, payload, options.retain === true, options.id);
  }

  /**
   * Waits for a normal publish slot, for messages queued while offline; the client to send on, or undefined (the slot
   * given back) when the device is no longer announced by then.
   */
  async slot(): Promise<MqttClient | undefined> {
    await this.up.acquire();
    const client = this.mqttClient;
    if (this.ended || !this.announcedNow || !client) {
      this.up.release();
      return undefined;
    }
    return client;
  }

  /** Cuts the connection abruptly, as a lost network would: the broker publishes the last will; mqtt.js reconnects in a few seconds. */
  drop(): void {
    const client = this.mqttClient;
    if (!client?.connected) return;
    client.options.reconnectPeriod = this.reconnectDelay();
    client.stream.destroy();
  }

  /**
   * A power cut: the connection ends abruptly (the broker publishes the last will) and the next attempt comes after
   * `offMs`, not after the usual few seconds. Without a connection it only sets that wait.
   */
  powerCut(offMs: number): void {
    const client = this.mqttClient;
    if (!client || this.stoppedForGood) return;
    clearTimeout(this.dropTimer);
    client.options.reconnectPeriod = Math.max(1, offMs);
    if (client.connected) client.stream.destroy();
  }

  /** After goOffline(): connects again. After a lost connection: tries now instead of at the next retry. */
  reconnect(): void {
    const client = this.mqttClient;
    if (!client || this.stoppedForGood || client.connected) return;
    if (this.ended) {
      this.ended = false;
      client.reconnect();
    } else {
      // Keep the session's stores, so messages waiting for their PUBACK are sent again.
      client.reconnect({ incomingStore: client.incomingStore, outgoingStore: client.outgoingStore });
    }
  }

  /** For good: no random drop and no reconnect() from now on (the session itself is ended by goOffline()). */
  stop(): void {
    this.stoppedForGood = true;
    clearTimeout(this.dropTimer);
  }

  /** `status` offline (retained), then the end of the session; nothing is published after it until reconnect(). */
  async goOffline(deadline: number): Promise<void> {
    const client = this.mqttClient;
    if (!client || this.ended) return;
    this.ended = true;
    clearTimeout(this.dropTimer);
    if (client.connected) {
      const sent = this.up.acquire(true).then(() => this.up.send(client, 'status', { online: false }, true));
      await withTimeout(sent, deadline - Date.now());
    }
    await this.endSession(client, deadline);
  }

  private onConnect(sessionPresent: boolean): void {
    this.counts.connects++;
    this.online = true;
    this.retryMs = this.reconnectDelay();
    this.client.options.reconnectPeriod = this.retryMs;
    this.hooks.connect();
    this.scheduleDrop();
    if (!sessionPresent) this.subscribed = false;
    if (this.subscribed) this.announce();
    else this.subscribe();
  }

  /**
   * Subscribes to the device's down topics, then announces itself: the portal answers hello with commands (the
   * credential), which must not reach the broker before the subscription does.
   */
  private subscribe(): void {
    const client = this.client;
    const filter = downFilter(this.uuid);
    client.subscribe(filter, { qos: 1 }, (error, granted) => {
      // The connection went before the SUBACK: the next connection subscribes again (its session may lack it).
      if (error && !client.connected) return;
      const qos = granted?.[0]?.qos;
      if (error || qos === undefined || qos > 1) this.problem(`${this.uuid}: subscription to ${filter} refused`, error);
      else this.subscribed = true;
      this.announce();
    });
  }

  /** Status first at every connection (docs/device-protocol.md, Example session), overtaking queued messages. */
  private announce(): void {
    this.announcedNow = true;
    void this.publish('status', { online: true }, { urgent: true, retain: true });
    this.hooks.announce();
  }

  private onError(error: Error): void {
    if (error instanceof ErrorWithReasonCode && this.mqttClient) {
      // A refusal (bad credentials, quota full): retry later and later, up to a minute.
      this.counts.refused++;
      this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs * 2);
      this.mqttClient.options.reconnectPeriod = this.retryMs;
    }
    this.problem(`${this.uuid}: ${error.message}`);
  }

  private onClose(): void {
    clearTimeout(this.dropTimer);
    this.announcedNow = false;
    if (!this.online) return;
    this.online = false;
    if (!this.ended) this.counts.drops++;
    this.hooks.offline();
  }

  /** Ends the MQTT session: DISCONNECT once everything is acknowledged, or an abrupt close if that takes too long. */
  private async endSession(client: MqttClient, deadline: number): Promise<void> {
    while (this.up.unacknowledged > 0 && client.connected && Date.now() < deadline) await delay(20);
    const graceful = client.connected && this.up.unacknowledged === 0;
    await new Promise<void>((resolve) => client.end(!graceful, () => resolve()));
    this.up.giveUpAll();
  }

  private scheduleDrop(): void {
    clearTimeout(this.dropTimer);
    const mean = this.options.disconnectEveryMs;
    if (!mean || mean <= 0) return;
    this.dropTimer = setTimeout(() => this.drop(), exponential(this.random, mean));
    this.dropTimer.unref();
  }

  private password(): string | undefined {
    return this.credentials.get(this.uuid) ?? this.options.provisioningKey;
  }

  /** The retained `status` offline the broker publishes if the connection dies; a fresh id per connection. */
  private will(): NonNullable<IClientOptions['will']> {
    const payload = JSON.stringify({ v: PROTOCOL_VERSION, id: this.up.nextId(), at: Date.now(), online: false });
    return { topic: upTopic(this.uuid, 'status'), payload: Buffer.from(payload), qos: 1, retain: true };
  }

  /** A few seconds, different per device, so a fleet cut off together does not come back in one burst. */
  private reconnectDelay(): number {
    const { min, max } = this.options.reconnectDelayMs ?? DEFAULT_RECONNECT_DELAY_MS;
    return Math.max(1, Math.round(uniform(this.random, min, max)));
  }

  private problem(text: string, cause?: Error | null): void {
    this.hooks.problem(new Error(text, cause ? { cause } : undefined));
  }
}

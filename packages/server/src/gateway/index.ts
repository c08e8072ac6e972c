import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { shownUrl } from '../config.js';
import type { Db } from '../db/client.js';
import { device, org } from '../db/schema.js';
import type { ObjectSigner } from '../storage/signed-urls.js';
import { DeviceAuth } from './auth.js';
import { Commands, type Publish } from './commands.js';
import { Credentials } from './credentials.js';
import { DROP_LOG_DEFAULTS, type DropCounts, DropLog, type DropLogOptions } from './drops.js';
import { startEmbeddedBroker } from './embedded.js';
import { type GatewayEvents, safeEvents } from './events.js';
import { connectExternalBroker } from './external.js';
import { GpsIngest, INGEST_DEFAULTS, type IngestOptions } from './ingest.js';
import type { Ack } from './messages.js';
import { Presence } from './presence.js';
import { upRouter } from './up.js';

export { CommandError } from './commands.js';
export type { DropCounts } from './drops.js';
export type { GatewayEvents, IncidentUpdate, PositionUpdate, PresenceUpdate, SosUpdate, UploadUpdate } from './events.js';
export type { Ack as CommandAck } from './messages.js';

export interface GatewayOptions {
  db: Db;
  log: FastifyBaseLogger;
  events: GatewayEvents;
  /** Embedded broker port (default 1883; 0 picks a free one). */
  mqttPort?: number;
  mqttHost?: string;
  /** An external broker (mqtt://…): the gateway joins it instead of embedding one. */
  mqttUrl?: string;
  /** External broker: this node's MQTT client id (stable per node, so the broker keeps its session over a restart). */
  mqttClientId?: string;
  /** External broker: the shared-subscription group of the portal's nodes (default safety-shield; one per deployment). */
  mqttShareGroup?: string;
  /** External broker: how long it keeps this node's session and queued messages while the node is away (default 1 h). */
  mqttSessionExpirySeconds?: number;
  /**
   * External broker: the PostgreSQL server (DATABASE_URL) through which the nodes watch each other and take over the
   * broker session of one that stopped (gateway/liveness.ts); without it (embedded PGlite, one node) none of that runs.
   */
  databaseUrl?: string;
  /** Tuning of the gps writer (defaults: 50 ms, 5,000 points, 50,000 pending). */
  ingest?: Partial<IngestOptions>;
  /** How long sendCommand waits for the device's ack (default 30 s). */
  commandTimeoutMs?: number;
  /** Signs the evidence upload URLs (the app's evidence store verifies them); without it devices get no upload URL. */
  objectSigner?: ObjectSigner;
  /** The portal's address as devices reach it, for upload URLs (default http://127.0.0.1:8080); a function is read at each URL. */
  publicUrl?: string | (() => string);
  /** How many warning lines a device's malformed messages may write (default 10 a minute; every drop is counted). */
  dropLog?: Partial<DropLogOptions>;
}

export interface Gateway {
  /** The embedded broker's port; undefined with an external broker. */
  readonly port: number | undefined;
  /** Publishes a command to a device and resolves with its ack; rejects (CommandError) on `ok: false` or timeout. */
  sendCommand(deviceUuid: string, kind: string, payload: Record<string, unknown>, timeoutMs?: number): Promise<Ack>;
  /**
   * The console changed a device. Bindings need no call (every flush reads them under lock); a device that was deleted
   * or whose company or agent is forbidden is disconnected, so it must authenticate again.
   */
  forgetDevice(device: string | number): Promise<void>;
  /** The malformed up messages acknowledged and dropped since the start (docs/device-protocol.md, Messages). */
  readonly drops: DropCounts;
  /** Writes and acknowledges what devices sent, then stops. */
  close(): Promise<void>;
}

/** The broker side: embedded Aedes or a client of an external broker. */
interface Transport {
  port?: number;
  publish: Publish;
  close(): Promise<void>;
  stopListening?(): Promise<void>;
  disconnect?(device: string | number): void;
}

const company = alias(org, 'company');
const agent = alias(org, 'agent');

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const { db, log } = options;
  const events = safeEvents(options.events, log);
  const inflight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const guarded = work.catch((err: unknown) => log.error({ err }, 'device work failed'));
    inflight.add(guarded);
    void guarded.finally(() => inflight.delete(guarded));
  };
  const settled = async () => {
    while (inflight.size > 0) await Promise.allSettled([...inflight]);
  };

  let transport: Transport | undefined;
  const publish: Publish = (topic, payload) =>
    transport ? transport.publish(topic, payload) : Promise.reject(new Error('gateway not started'));
  const commands = new Commands(publish, options.commandTimeoutMs);
  const credentials = new Credentials(db, commands, log);
  const presence = new Presence(db, events.presence);
  const ingest = new GpsIngest(db, log, events.positions, { ...INGEST_DEFAULTS, ...options.ingest });
  const { objectSigner, publicUrl = 'http://127.0.0.1:8080' } = options;
  const uploads = objectSigner
    ? { signer: objectSigner, publicUrl: typeof publicUrl === 'function' ? publicUrl : () => publicUrl }
    : undefined;
  const drops = new DropLog(log, { ...DROP_LOG_DEFAULTS, ...options.dropLog });
  const handleUp = upRouter(
    { db, ingest, presence, credentials: options.mqttUrl ? undefined : credentials, commands, events, log, uploads, drops },
    track,
  );

  const broker: Transport = options.mqttUrl
    ? await connectExternalBroker(handleUp, log, {
        url: options.mqttUrl,
        clientId: options.mqttClientId,
        sessionExpirySeconds: options.mqttSessionExpirySeconds,
        shareGroup: options.mqttShareGroup,
        databaseUrl: options.databaseUrl,
      })
    : await startEmbedded();
  transport = broker;
  log.info({ port: broker.port, url: options.mqttUrl && shownUrl(options.mqttUrl) }, 'device gateway started');

  async function startEmbedded() {
    // Nobody is connected to a broker that is just starting: a crash may have left devices marked online.
    await presence.resetAll();
    return startEmbeddedBroker(
      {
        auth: new DeviceAuth(db, credentials),
        handleUp,
        disconnected: (uuid) => track(presence.offline(uuid)),
        created: (deviceId) => events.deviceCreated(deviceId),
        log,
      },
      options.mqttPort ?? 1883,
      options.mqttHost,
    );
  }

  let closing: Promise<void> | undefined;
  return {
    port: broker.port,
    get drops() {
      return drops.snapshot;
    },
    sendCommand: (deviceUuid, kind, payload, timeoutMs) => commands.send(deviceUuid, kind, payload, { timeoutMs }),
    async forgetDevice(target) {
      if (!broker.disconnect) return;
      const [row] = await db
        .select({ uuid: device.deviceUuid, company: company.state, agent: agent.state })
        .from(device)
        .leftJoin(company, eq(company.id, device.belongCompanyId))
        .leftJoin(agent, eq(agent.id, device.belongAgentId))
        .where(typeof target === 'number' ? eq(device.id, target) : eq(device.deviceUuid, target));
      if (row && row.company !== 'forbidden' && row.agent !== 'forbidden') return;
      broker.disconnect(row?.uuid ?? target);
    },
    close() {
      closing ??= (async () => {
        await broker.stopListening?.();
        await ingest.drain();
        await settled();
        commands.rejectAll('gateway closed');
        await broker.close();
        // Closing the broker ends the connections: their wills and disconnects are written too.
        await ingest.drain();
        await settled();
        log.info('device gateway stopped');
      })();
      return closing;
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import { shownUrl } from '../config.js';
import type { Db } from '../db/client.js';
import { DROP_LOG_DEFAULTS, type DropCounts, DropLog, type DropLogOptions } from '../device-port/drops.js';
import type { DeviceAdapter, DeviceIntake, DevicePort } from '../device-port/index.js';
import { DeviceAuth } from './auth.js';
import { Commands, type Publish } from './commands.js';
import { Credentials } from './credentials.js';
import { startEmbeddedBroker } from './embedded.js';
import { connectExternalBroker } from './external.js';
import { isDeviceUuid } from './topics.js';
import { upRouter } from './up.js';

export type { DropCounts } from '../device-port/drops.js';

export interface GatewayOptions {
  /** For the devices' identities and credentials (MQTT authentication); what devices report goes to `intake`. */
  db: Db;
  log: FastifyBaseLogger;
  /** What the devices' messages tell the portal (the app's `deviceIntake`). */
  intake: DeviceIntake;
  /** The device port this adapter attaches to while it runs: the portal's commands to MQTT devices come through it. */
  devicePort: DevicePort;
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
  /** How long a command waits for the device's ack when its sender names no time (default 30 s). */
  commandTimeoutMs?: number;
  /** How many warning lines a device's malformed messages may write (default 10 a minute; every drop is counted). */
  dropLog?: Partial<DropLogOptions>;
}

/** The MQTT adapter of the device port (docs/architecture.md, "The device port"). */
export interface Gateway {
  /** The embedded broker's port; undefined with an external broker. */
  readonly port: number | undefined;
  /** The malformed up messages acknowledged and dropped since the start (docs/device-protocol.md, Messages). */
  readonly drops: DropCounts;
  /** Writes and acknowledges what devices sent, detaches from the device port, then stops. */
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

/**
 * Starts the MQTT adapter: the devices' messages (docs/device-protocol.md) become calls of the device intake, and the
 * portal's commands to devices become MQTT publishes answered by the devices' acks. Everything protocol-neutral (what
 * a report stores, who is told) is the intake's; MQTT's own is here: the broker, device authentication and
 * credentials, topics, parsing, ack correlation, the drop log and, with an external broker, the nodes' sessions.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const { db, log, intake } = options;
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
  const drops = new DropLog(log, { ...DROP_LOG_DEFAULTS, ...options.dropLog });
  const handleUp = upRouter({ intake, credentials: options.mqttUrl ? undefined : credentials, commands, log, drops }, track);

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

  const adapter: DeviceAdapter = {
    protocol: 'mqtt',
    // Every device another adapter does not serve: its broker session holds a command for a device that is away.
    serves: isDeviceUuid,
    catchAll: true,
    send: (device, kind, payload, timeoutMs) => commands.send(device, kind, payload, { timeoutMs }),
    disconnect: (device) => broker.disconnect?.(device),
  };
  const detach = options.devicePort.attach(adapter);
  log.info({ port: broker.port, url: options.mqttUrl && shownUrl(options.mqttUrl) }, 'device gateway started');

  async function startEmbedded() {
    // Nobody is connected to a broker that is just starting: a crash may have left devices marked online.
    await intake.allOffline();
    return startEmbeddedBroker(
      { auth: new DeviceAuth(db, credentials), handleUp, disconnected: (uuid) => track(intake.offline(uuid)), log },
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
    close() {
      closing ??= (async () => {
        await broker.stopListening?.();
        await settled();
        detach();
        commands.rejectAll('gateway closed');
        await broker.close();
        // Closing the broker ends the connections: their wills and disconnects are written too.
        await settled();
        log.info('device gateway stopped');
      })();
      return closing;
    },
  };
}

import path from 'node:path';
import { buildApp } from './app.js';
import { localBus } from './bus/bus.js';
import { memoryCounters, redisCounters } from './bus/counters.js';
import { redisBus } from './bus/redis-bus.js';
import { loadConfig, shownUrl } from './config.js';
import { openDatabase } from './db/client.js';
import { runDemoFleet } from './demo/fleet.js';
import { seedDemoIfWanted } from './demo/seed.js';
import { DevicePort } from './device-port/index.js';
import { startGateway } from './gateway/index.js';
import { startJt808 } from './jt808/index.js';
import { preloadPlaces } from './places/index.js';
import { PortInUse, settlePorts } from './ports.js';
import { createObjectStore } from './storage/create-object-store.js';

/** A start-up that cannot go on ends with one line for the operator, before any line that implies success. */
function stop(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** The settings, or one line saying which one cannot be used (loadConfig's messages are written for the operator). */
function settings() {
  try {
    return loadConfig();
  } catch (error) {
    return stop(error instanceof Error ? error.message : String(error));
  }
}

const config = await settlePorts(settings(), (line) => process.stdout.write(`${line}\n`)).catch((error: unknown) =>
  error instanceof PortInUse ? stop(error.message) : Promise.reject(error),
);
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') });
const bus = config.redisUrl ? await redisBus(config.redisUrl, config.redisPrefix) : { ...localBus(), close: async () => {} };
const counters = config.redisUrl
  ? await redisCounters(config.redisUrl, config.redisPrefix, (line) => process.stderr.write(`${line}\n`))
  : memoryCounters();
// The device port first: the modules get its commands when they are built, the adapters attach to it once they run.
const devicePort = new DevicePort(database.db);
const app = await buildApp(config, database, { bus, counters, deviceCommands: devicePort });
// The device port's adapters, on the same intake: MQTT, and JT/T 808 beside it.
const gateway = await startGateway({
  db: database.db,
  log: app.log,
  intake: app.deviceIntake,
  devicePort,
  mqttPort: config.mqttPort,
  mqttUrl: config.mqttUrl,
  mqttClientId: config.mqttClientId,
  mqttShareGroup: config.mqttShareGroup,
  mqttSessionExpirySeconds: config.mqttSessionExpirySeconds,
  databaseUrl: config.databaseUrl,
});
const jt808 = await startJt808({
  db: database.db,
  log: app.log,
  intake: app.deviceIntake,
  devicePort,
  port: config.jt808.port,
  host: config.host,
  attachmentPort: config.jt808.attachmentPort,
  attachmentAddress: config.jt808.attachmentAddress,
  policy: config.jt808.registration,
  bus,
});

// ARCHITECTURE section 1: a new, empty embedded database gets a demo fleet of simulated devices (DEMO=0: none).
const seeded = await seedDemoIfWanted(config, database.db, createObjectStore(config));
if (seeded?.past) app.log.info(seeded.past, 'demo past of 90 days written');
const demoState = seeded?.state ?? null;
const brokerUrl = config.mqttUrl ?? `mqtt://127.0.0.1:${gateway.port}`;
// The dashcams reach the JT/T 808 gateway where it listens; on every address, at this machine's loopback.
const jt808Host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
const demoFleet = demoState ? runDemoFleet(demoState, brokerUrl, { host: jt808Host, port: jt808.port }, config.dataDir, app.log) : null;

let stopping = false;
/** Ctrl-C: stop the demo devices, let the gateway write what it acknowledged, finish requests, then close the database. */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await demoFleet?.stop();
    await jt808.close();
    await gateway.close();
    await app.close();
    await bus.close();
    await counters.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const port = (app.server.address() as { port: number }).port;
app.log.info(
  {
    database: database.kind,
    dataDir: config.dataDir,
    mqtt: shownUrl(brokerUrl),
    jt808: jt808.port,
    jt808Attachments: jt808.attachmentPort,
  },
  'Safety Shield is running',
);
process.stdout.write(
  `\n  Safety Shield console: http://${shown}:${port}/  (API docs: /docs)\n  Device broker: ${shownUrl(brokerUrl)}\n  JT/T 808 terminals: port ${jt808.port} (attachments: port ${jt808.attachmentPort})\n\n`,
);

// The demo's newest incidents' files go up once the portal answers, as the devices' uploads do (a first start only).
if (seeded?.uploadEvidence)
  void seeded
    .uploadEvidence()
    .then((files) => app.log.info({ files }, 'demo past: files of the newest incidents uploaded'))
    .catch((err: unknown) => app.log.error({ err }, 'demo past: files of the newest incidents not uploaded'));

// Place names (about 0.15 s of reading) load once the portal answers, off the start-up the benchmark measures.
setTimeout(() => void preloadPlaces().catch((err: unknown) => app.log.error({ err }, 'place names not loaded')), 500).unref();

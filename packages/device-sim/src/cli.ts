import { parseCliOptions, USAGE } from './cli-options.js';
import { sosKeys } from './cli-sos.js';
import { fileConfigStore, memoryConfigStore } from './config-store.js';
import { fileCredentialStore, memoryCredentialStore } from './credentials.js';
import { type Fleet, type FleetStats, startFleet } from './fleet.js';
import { fileFirmwareStore, fileLockStore, memoryFirmwareStore, memoryLockStore } from './state-stores.js';

const STATS_EVERY_MS = 10_000;

function main(): void {
  let options: ReturnType<typeof parseCliOptions>;
  try {
    options = parseCliOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  if (!options.statePath)
    console.log('Secrets, configurations, firmware and locks are kept in memory only: pass --state FILE to keep them for the next run.');
  if (!options.fleet.provisioningKey) console.log('No --key: only devices whose secret is in --state can connect.');
  let fleet: Fleet;
  try {
    const credentials = options.statePath ? fileCredentialStore(options.statePath) : memoryCredentialStore();
    const configStore = options.configPath ? fileConfigStore(options.configPath) : memoryConfigStore();
    const firmwareStore = options.firmwarePath ? fileFirmwareStore(options.firmwarePath) : memoryFirmwareStore();
    const lockStore = options.lockPath ? fileLockStore(options.lockPath) : memoryLockStore();
    fleet = startFleet({ ...options.fleet, credentials, configStore, firmwareStore, lockStore });
  } catch (error) {
    // A bad --prefix or an unreadable --state: say so without a stack trace.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  const started = Date.now();
  console.log(`${fleet.devices.length} devices → ${options.fleet.brokerUrl}`);
  const offline = (options.fleet.offline ?? []).map((index) => fleet.devices[index]?.uuid);
  if (offline.length > 0) console.log(`Held offline until started with o: ${offline.join(', ')}`);
  sosKeys(fleet.devices);

  // One line per distinct problem per stats period, so 1 000 refused devices do not flood the terminal.
  const problems = new Map<string, number>();
  for (const device of fleet.devices) {
    device.on('problem', (error) => {
      const key = error.message.replace(device.uuid, '<device>');
      problems.set(key, (problems.get(key) ?? 0) + 1);
    });
  }

  let previous = fleet.stats();
  const timer = setInterval(() => {
    const now = fleet.stats();
    console.log(statsLine(now, previous, Date.now() - started));
    for (const [text, count] of problems) console.log(`  ${count}× ${text}`);
    problems.clear();
    previous = now;
  }, STATS_EVERY_MS);

  let stopping = false;
  process.on('SIGINT', () => {
    if (stopping) {
      console.log('Stopping at once.');
      process.exit(130);
    }
    stopping = true;
    clearInterval(timer);
    console.log('Stopping: last points and status offline… (Ctrl-C again to quit at once)');
    void fleet.stop().then(() => {
      console.log(statsLine(fleet.stats(), previous, Date.now() - started));
      process.exit(0);
    });
  });
}

function statsLine(now: FleetStats, before: FleetStats, elapsedMs: number): string {
  const rate = ((now.pointsAcked - before.pointsAcked) / (STATS_EVERY_MS / 1000)).toFixed(1);
  return [
    `[${Math.round(elapsedMs / 1000)}s]`,
    `connected ${now.connected}/${now.devices}`,
    `points sent ${now.pointsSent} acked ${now.pointsAcked} (${rate}/s)`,
    `messages ${now.acked}/${now.published} acked`,
    `incidents ${now.incidentsAcked}/${now.incidents} acked`,
    `in flight ${now.inflight}`,
    `backlog ${now.backlog}`,
    `drops ${now.drops}`,
    `refused ${now.refused}`,
  ].join(' · ');
}

main();

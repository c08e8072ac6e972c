import { benchAccounts } from './accounts.js';
import { benchBundle } from './bundle.js';
import { benchDashboard } from './dashboard.js';
import { benchDeviceConfig } from './device-config.js';
import { benchEvidence } from './evidence.js';
import { benchIncidents } from './incidents.js';
import { benchIngest } from './ingest.js';
import { benchJt808 } from './jt808.js';
import { benchLive } from './live.js';
import { benchOta } from './ota.js';
import { benchPlaces } from './places.js';
import { benchPushLatency } from './push-latency.js';
import { benchSelfInfo } from './selfinfo.js';
import { benchSos } from './sos.js';
import { benchStartup } from './startup.js';
import { benchStatistics } from './statistics.js';

/** `npm run bench`: every benchmark, each printing its table and writing bench/results/<name>.json. */
const only = process.argv[2];
const benches: Record<string, () => Promise<unknown>> = {
  bundle: benchBundle,
  startup: benchStartup,
  selfinfo: benchSelfInfo,
  accounts: benchAccounts,
  'push-latency': benchPushLatency,
  sos: benchSos,
  incidents: benchIncidents,
  evidence: benchEvidence,
  ingest: benchIngest,
  jt808: benchJt808,
  live: benchLive,
  dashboard: benchDashboard,
  statistics: benchStatistics,
  places: benchPlaces,
  'device-config': benchDeviceConfig,
  ota: benchOta,
};
for (const [name, run] of Object.entries(benches)) {
  if (!only || only === name) await run();
}

import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, openAsBlob } from 'node:fs';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { PushServerMessage } from '@safety-shield/contract';
import mqtt from 'mqtt';
import {
  BENCH_ADMIN_PASSWORD,
  benchCompany,
  latencyColumns,
  latencyPercentiles,
  openPushSocket,
  printTable,
  rssBytes,
  saveResult,
  startBenchPortal,
} from './lib.js';

const DEVICES = Number(process.env.BENCH_OTA_DEVICES ?? 1_000);
const PACKAGE_MB = Number(process.env.BENCH_OTA_MB ?? 50);
const CONNECT_CONCURRENCY = 100;

const message = (fields: Record<string, unknown>) =>
  JSON.stringify({ v: 1, id: randomBytes(8).toString('hex'), at: Date.now(), ...fields });

/**
 * A DVR at protocol level that takes `upgrade` orders as docs/device-protocol.md says: acks, downloads the package
 * (hashing it on the way, the bytes not kept: a thousand copies would not fit the disk), reports its steps, and comes
 * back with the new version (a new `hello` on the same connection: the reboot is not what is measured).
 */
async function upgradingDevice(mqttUrl: string, uuid: string, key: string, done: (uuid: string, at: number, ok: boolean) => void) {
  const client = mqtt.connect(mqttUrl, { clientId: uuid, username: uuid, password: key, clean: true, reconnectPeriod: 0, keepalive: 0 });
  await new Promise((resolve, reject) => client.once('connect', resolve).once('error', reject));
  const step = (upgradeId: number, phase: string, extra: Record<string, unknown> = {}) =>
    client.publish(`dev/${uuid}/up/upgradeProgress`, message({ upgradeId, phase, ...extra }), { qos: 1 });
  client.on('message', (topic, payload) => {
    const kind = topic.split('/')[3];
    const body = JSON.parse(String(payload)) as {
      id: string;
      upgradeId: number;
      url: string;
      size: number;
      sha256: string;
      version: string;
    };
    if (kind !== 'upgrade' && kind !== 'credential') return;
    client.publish(`dev/${uuid}/up/ack`, message({ ref: body.id, ok: true }), { qos: 1 });
    if (kind !== 'upgrade') return;
    void (async () => {
      const hash = createHash('sha256');
      let received = 0;
      let reported = 0;
      const response = await fetch(body.url);
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        hash.update(chunk);
        received += chunk.length;
        const percent = Math.floor((received * 100) / body.size);
        if (percent >= reported + 10) {
          reported = percent - (percent % 10);
          step(body.upgradeId, 'downloading', { percent: reported });
        }
      }
      const ok = hash.digest('hex') === body.sha256;
      if (!ok) {
        step(body.upgradeId, 'failed', { reason: 'checksum mismatch' });
        return done(uuid, Date.now(), false);
      }
      step(body.upgradeId, 'verifying');
      step(body.upgradeId, 'installing');
      step(body.upgradeId, 'rebooting');
      client.publish(`dev/${uuid}/up/hello`, message({ version: body.version, model: 'BENCH-1', channels: 1 }), { qos: 1 });
      done(uuid, Date.now(), true);
    })();
  });
  await client.subscribeAsync(`dev/${uuid}/down/#`, { qos: 1 });
  await client.publishAsync(`dev/${uuid}/up/hello`, message({ version: '1.0.0', model: 'BENCH-1', channels: 1 }), { qos: 1 });
  return client;
}

/**
 * Issue 18's targets: DEVICES protocol-level devices download a PACKAGE_MB package at once from the embedded object
 * store (one campaign, one stage). Total throughput against a plain file copy of the package on the same disk; the
 * portal's resident memory growth (target ≤ 100 MB); the lag from a device's new version to the console's pushed
 * count of done devices (target ≤ 1 s). Embedded broker, PGlite.
 */
export async function benchOta() {
  const portal = await startBenchPortal();
  const work = await mkdtemp(path.join(tmpdir(), 'ss-bench-ota-'));
  const clients: mqtt.MqttClient[] = [];
  try {
    const { api, token, company, key } = await benchCompany(portal, BENCH_ADMIN_PASSWORD);
    // The package, and the plain copy the downloads are measured against.
    const file = path.join(work, 'fw.bin');
    await pipeline(
      (async function* () {
        for (let i = 0; i < PACKAGE_MB; i++) yield randomBytes(1024 * 1024);
      })(),
      createWriteStream(file),
    );
    const copyStart = performance.now();
    await copyFile(file, path.join(work, 'copy.bin'));
    const copyMs = performance.now() - copyStart;
    const bytes = (await stat(file)).size;

    const form = new FormData();
    form.append('version', '2.0.0');
    form.append('file', await openAsBlob(file), 'fw.bin');
    const uploaded = await fetch(`${portal.url}/v1/device/upgradeDevice2`, { method: 'POST', headers: { 'x-token': token }, body: form });
    const pkg = (await uploaded.json()).data as { id: number };

    const finished = new Map<string, { at: number; ok: boolean }>();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONNECT_CONCURRENCY }, async () => {
        while (next < DEVICES) {
          const uuid = `OTA-${String(next++).padStart(5, '0')}`;
          clients.push(await upgradingDevice(portal.mqttUrl, uuid, key, (id, at, ok) => finished.set(id, { at, ok })));
        }
      }),
    );
    for (;;) {
      const { total } = await api('GET', `/v1/device/list?companyId=${company}&online=true&limit=1`);
      if (total >= DEVICES) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    // The console's view: every pushed count of done devices, with its arrival time.
    const socket = await openPushSocket(portal.url);
    const pushes: Array<{ at: number; done: number }> = [];
    socket.on('message', (raw) => {
      const pushed = JSON.parse(String(raw)) as PushServerMessage;
      if (pushed.type === 'deviceTask') pushes.push({ at: Date.now(), done: pushed.counts.done });
    });
    socket.send(JSON.stringify({ type: 'auth', token }));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const pid = portal.process.pid;
    const rssBefore = await rssBytes(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => void rssBytes(pid).then((rss) => (rssPeak = Math.max(rssPeak, rss))), 200);
    const start = Date.now();
    const campaign = await api('POST', '/v1/device/upgrade/campaign', {
      packageId: pkg.id,
      filter: { companyId: company },
      firstStagePercent: 100,
      failureThresholdPercent: 100,
      endTime: Date.now() + 3_600_000,
    });
    while (finished.size < DEVICES && Date.now() - start < 900_000) await new Promise((resolve) => setTimeout(resolve, 200));
    const downloadsMs = Math.max(...[...finished.values()].map((f) => f.at)) - start;
    for (;;) {
      const info = await api('GET', `/v1/device/upgrade/campaign/info?taskId=${campaign.id}`);
      if (info.counts.done >= DEVICES || Date.now() - start > 960_000) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    clearInterval(sampler);
    socket.close();

    // Lag: the i-th device back on the new version, to the first push counting i done devices.
    const backAt = [...finished.values()]
      .filter((f) => f.ok)
      .map((f) => f.at)
      .sort((a, b) => a - b);
    const lags = backAt.map((at, i) => (pushes.find((push) => push.done >= i + 1)?.at ?? Number.NaN) - at).filter(Number.isFinite);
    const lag = latencyPercentiles(lags);
    const totalMb = (bytes * finished.size) / 1e6;
    const result = {
      devices: DEVICES,
      packageMb: bytes / 1e6,
      downloadsMs,
      throughputMBps: Math.round((totalMb / (downloadsMs / 1000)) * 10) / 10,
      plainCopyMBps: Math.round((bytes / 1e6 / (copyMs / 1000)) * 10) / 10,
      failed: [...finished.values()].filter((f) => !f.ok).length,
      rssGrowthMb: Math.round((rssPeak - rssBefore) / 1e5) / 10,
      targetRssGrowthMb: 100,
      progressLag: { ...lag, maxMs: Math.max(...lags), targetMs: 1_000 },
    };
    printTable(`${DEVICES} devices download a ${PACKAGE_MB} MB package at once (embedded store, broker, PGlite)`, [
      {
        'all downloaded ms': downloadsMs,
        'total MB/s': result.throughputMBps,
        'plain copy MB/s': result.plainCopyMBps,
        failed: result.failed,
        'portal RSS growth MB': result.rssGrowthMb,
        'target MB': 100,
      },
    ]);
    printTable('Device back on the new version → console’s pushed count', [
      { devices: lags.length, ...latencyColumns(lag), 'max ms': result.progressLag.maxMs, 'target ms': 1_000 },
    ]);
    await saveResult('ota', result);
    return result;
  } finally {
    for (const client of clients) client.end(true);
    await portal.stop();
    await rm(work, { recursive: true, force: true });
  }
}

import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compiled } from '@safety-shield/contract/device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimDevice } from '../src/device.js';
import type { SimDeviceOptions } from '../src/device-options.js';
import { fileFirmwareStore, fileLockStore, memoryFirmwareStore } from '../src/state-stores.js';
import { deviceStarter, type Harness, startHarness, type UpMessage } from './harness.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface PackageServer {
  /** The package's link; any path under /objects/ serves it (a new link per order), any other answers 404. */
  url(token?: string): string;
  /** Every GET: its Range header and the status it got. */
  requests: Array<{ range: string | undefined; status: number }>;
  /** The path of each GET, and when it came. */
  gets: Array<{ path: string; at: number }>;
  close(): Promise<void>;
}

interface ServeOptions {
  chunk?: number;
  pauseMs?: number;
  /** The n-th GET (from 0) breaks off after sending this many bytes. */
  breakAfter?: Array<number | undefined>;
}

/**
 * The portal's object store for one package: GET with `Range: bytes=N-` (206), sent in chunks with a pause between,
 * a connection broken off when asked.
 */
async function packageServer(
  bytes: Buffer,
  { chunk = 64 * 1024, pauseMs = 0, breakAfter = [] }: ServeOptions = {},
): Promise<PackageServer> {
  const requests: PackageServer['requests'] = [];
  const gets: PackageServer['gets'] = [];
  const server = http.createServer(async (req, res) => {
    const range = req.headers.range;
    const cutAt = breakAfter[gets.length];
    gets.push({ path: req.url ?? '', at: Date.now() });
    if (!req.url?.startsWith('/objects/')) {
      requests.push({ range, status: 404 });
      res.writeHead(404).end();
      return;
    }
    let start = 0;
    const asked = range === undefined ? undefined : /^bytes=(\d+)-$/.exec(range);
    if (asked) {
      start = Number(asked[1]);
      if (start >= bytes.length) {
        requests.push({ range, status: 416 });
        res.writeHead(416, { 'content-range': `bytes */${bytes.length}` }).end();
        return;
      }
      res.writeHead(206, { 'content-range': `bytes ${start}-${bytes.length - 1}/${bytes.length}`, 'content-length': bytes.length - start });
    } else {
      res.writeHead(200, { 'content-length': bytes.length });
    }
    requests.push({ range, status: res.statusCode });
    for (let at = start; at < bytes.length && !res.destroyed; at += chunk) {
      if (cutAt !== undefined && at - start >= cutAt) {
        res.socket?.destroy();
        return;
      }
      if (!res.write(bytes.subarray(at, at + chunk))) {
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done).off('close', done);
            resolve();
          };
          res.on('drain', done).on('close', done);
        });
      }
      if (pauseMs > 0) await sleep(pauseMs);
    }
    res.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (token = 'pkg') => `${base}/objects/${token}`,
    requests,
    gets,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** docs/device-protocol.md, `upgrade`: the firmware upgrade the portal orders, and the ways it goes wrong. */
describe('firmware upgrades', () => {
  let harness: Harness;
  const devices: SimDevice[] = [];
  const servers: PackageServer[] = [];
  const dirs: string[] = [];
  /** 2 MiB, sent in 32 chunks 25 ms apart: a download of about a second. */
  const bytes = randomBytes(2 * 1024 * 1024);
  const size = bytes.length;
  const hash = sha256(bytes);

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await Promise.all(devices.map((device) => device.stop()));
    await Promise.all(servers.map((server) => server.close()));
    await harness?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-upgrade-'));
    dirs.push(dir);
    return dir;
  };
  async function serve(options: ServeOptions = { pauseMs: 25 }): Promise<PackageServer> {
    const server = await packageServer(bytes, options);
    servers.push(server);
    return server;
  }
  /** A device on the harness's broker, running firmware 1.0.0, rebooting in 300 ms, downloading to a folder of its own, started. */
  const online = deviceStarter(
    () => harness,
    devices,
    () => ({
      channels: 1,
      gpsIntervalMs: 60_000,
      firmware: '1.0.0',
      rebootMs: 300,
      downloadDir: tempDir(),
      reconnectDelayMs: { min: 200, max: 300 },
    }),
    'lockState',
  );
  const upOf = (uuid: string, kind: string) => harness.upOf(uuid, kind);
  const progressOf = (uuid: string) => upOf(uuid, 'upgradeProgress').map((m) => m.payload);
  const command = (device: SimDevice, kind: string, payload: Record<string, unknown>) => harness.command(device.uuid, kind, payload);
  const order = (upgradeId: number, url: string, extra: Record<string, unknown> = {}) => ({
    upgradeId,
    version: '2.0.0',
    url,
    size,
    sha256: hash,
    expiresAt: Date.now() + 3_600_000,
    ...extra,
  });
  const failedOf = (uuid: string, upgradeId: number) => () =>
    progressOf(uuid).find((p) => p.upgradeId === upgradeId && p.phase === 'failed');
  /** The files of a device's download folder. */
  const downloads = (options: Partial<SimDeviceOptions>, uuid: string) => {
    const dir = join(options.downloadDir ?? '', uuid);
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('downloads, verifies, installs and comes back with the new version, which it keeps across restarts', async () => {
    const server = await serve();
    const path = join(tempDir(), 'state.firmware.json');
    const options = { firmwareStore: fileFirmwareStore(path), downloadDir: tempDir(), model: 'SS-DVR-8' };
    const device = await online('UPG-OK', options);
    const [firstHello] = upOf(device.uuid, 'hello');
    expect(firstHello?.payload).toMatchObject({ version: '1.0.0', model: 'SS-DVR-8' });
    expect(compiled.up.hello.Check(firstHello?.payload)).toBe(true);
    expect([device.firmwareVersion, device.model]).toEqual(['1.0.0', 'SS-DVR-8']);
    const bad = { uuid: 'UPG-BAD', brokerUrl: harness.url };
    expect(() => new SimDevice({ ...bad, model: 'SS DVR' })).toThrow(/invalid model SS DVR/);
    expect(() => new SimDevice({ ...bad, firmware: '' })).toThrow(/invalid firmware version/);
    expect(new SimDevice(bad).model).toBe('SS-DVR-4');

    const ref = await harness.sendDown(device.uuid, 'upgrade', order(1, server.url()));
    const hello = await harness.waitFor(() => upOf(device.uuid, 'hello').find((m) => m.payload.version === '2.0.0'), 'hello 2.0.0', 15_000);
    expect(hello.payload).toMatchObject({ version: '2.0.0', model: 'SS-DVR-8' });
    expect(device.firmwareVersion).toBe('2.0.0');
    expect(device.upgrade).toBeUndefined();

    // Acked at once, before any progress; then each step in order.
    const mine = harness.up.filter((m) => m.uuid === device.uuid);
    const ackAt = mine.findIndex((m) => m.kind === 'ack' && m.payload.ref === ref);
    expect(mine[ackAt]?.payload).toMatchObject({ ok: true });
    expect(mine[ackAt]?.payload.result).toBeUndefined();
    expect(ackAt).toBeLessThan(mine.findIndex((m) => m.kind === 'upgradeProgress'));
    const reports = upOf(device.uuid, 'upgradeProgress');
    for (const report of reports) expect(compiled.up.upgradeProgress.Check(report.payload)).toBe(true);
    const phases = reports.map((m) => m.payload.phase);
    expect(phases.filter((phase) => phase !== 'downloading')).toEqual(['verifying', 'installing', 'rebooting']);
    expect(phases.lastIndexOf('downloading')).toBeLessThan(phases.indexOf('verifying'));
    // Downloading: from 0 to 100, in each step of 10 percent, and twice in a step only a second apart.
    const downloading = reports.filter((m) => m.payload.phase === 'downloading');
    const percents = downloading.map((m) => m.payload.percent as number);
    expect(percents[0]).toBe(0);
    expect(percents.at(-1)).toBe(100);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    expect(new Set(percents.map((percent) => Math.floor(percent / 10)))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    for (let i = 1; i < downloading.length; i++) {
      if (Math.floor((percents[i - 1] ?? 0) / 10) === Math.floor((percents[i] ?? 0) / 10)) {
        expect((downloading[i]?.payload.at as number) - (downloading[i - 1]?.payload.at as number)).toBeGreaterThanOrEqual(900);
      }
    }
    // Rebooting: status offline of its own (a clean goodbye, not the will), off for the reboot time, then back.
    const rebootingAt = mine.findIndex((m) => m.kind === 'upgradeProgress' && m.payload.phase === 'rebooting');
    const after = mine.slice(rebootingAt);
    const offline = after.find((m) => m.kind === 'status' && m.payload.online === false);
    const wills = harness.connects.flatMap((c) => (c.packet.will ? [JSON.parse(String(c.packet.will.payload)).id] : []));
    expect(offline).toBeDefined();
    expect(wills).not.toContain(offline?.payload.id);
    const back = after.find((m) => m.kind === 'status' && m.payload.online === true);
    expect((back?.payload.at as number) - (offline?.payload.at as number)).toBeGreaterThanOrEqual(250);
    expect(after.map((m) => m.kind).indexOf('hello')).toBeGreaterThan(after.indexOf(back as UpMessage));

    // One GET from the first byte; the package is gone once installed; every step is in the runtime log.
    expect(server.requests).toEqual([{ range: undefined, status: 200 }]);
    expect(device.downloadRanges).toEqual([]);
    expect(downloads(options, device.uuid)).toEqual([]);
    const log = device.runtimeLog.text();
    for (const step of [
      'upgrade 1: accepted',
      'upgrade 1: downloading',
      'upgrade 1: verifying',
      'upgrade 1: installing',
      'rebooting into 2.0.0',
    ])
      expect(log).toContain(step);
    expect(log).toContain('restarted with firmware 2.0.0');

    // Stored durably: a simulator started again on the same file runs 2.0.0, whatever its option says.
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ 'UPG-OK': '2.0.0' });
    await device.stop();
    const again = new SimDevice({
      uuid: 'UPG-OK',
      ...harness.access,
      gpsIntervalMs: 60_000,
      firmware: '1.0.0',
      firmwareStore: fileFirmwareStore(path),
    });
    expect(again.firmwareVersion).toBe('2.0.0');
    // Ordered the version it runs now: nothing to do.
    const hellos = upOf('UPG-OK', 'hello').length;
    devices.push(again);
    expect(await again.start()).toBe(true);
    const helloAgain = await harness.waitFor(() => upOf('UPG-OK', 'hello')[hellos], 'hello after the restart');
    expect(helloAgain.payload.version).toBe('2.0.0');
    expect(await command(again, 'upgrade', order(2, server.url()))).toMatchObject({ ok: true, result: { version: '2.0.0' } });
    await sleep(200);
    expect(progressOf('UPG-OK').filter((p) => p.upgradeId === 2)).toEqual([]);
    expect(server.requests).toHaveLength(1);
  }, 30_000);

  it('answers an order it already works on ok, is busy for another, refuses an expired one, and cancels', async () => {
    const server = await serve({ pauseMs: 100 });
    const options = { downloadDir: tempDir(), firmwareStore: memoryFirmwareStore() };
    const device = await online('UPG-CANCEL', options);
    expect(await command(device, 'upgrade', order(3, server.url(), { expiresAt: Date.now() - 1 }))).toMatchObject({
      ok: false,
      error: 'expired',
    });
    expect(await command(device, 'upgrade', order(4, server.url()))).toEqual(expect.objectContaining({ ok: true }));
    await harness.waitFor(
      () => progressOf(device.uuid).some((p) => p.upgradeId === 4 && (p.percent as number) > 0),
      'a download under way',
    );
    expect(device.upgrade).toMatchObject({ upgradeId: 4, version: '2.0.0', phase: 'downloading' });
    // The same order again (after a reconnect): acked, nothing changes; another one: busy.
    expect(await command(device, 'upgrade', order(4, server.url('new-link')))).toMatchObject({ ok: true });
    expect(await command(device, 'upgrade', order(5, server.url(), { version: '2.1.0' }))).toMatchObject({
      ok: false,
      error: 'busy: upgrading 4',
    });
    expect(server.requests).toHaveLength(1);
    expect(downloads(options, device.uuid)).toEqual([`upgrade-4-${hash}.part`]);

    // Cancelled while downloading: it stops, throws the file away, and reports nothing more.
    expect(await command(device, 'upgradeCancel', { upgradeId: 4 })).toMatchObject({ ok: true });
    expect(device.upgrade).toBeUndefined();
    expect(downloads(options, device.uuid)).toEqual([]);
    const reports = progressOf(device.uuid).length;
    await sleep(500);
    expect(progressOf(device.uuid)).toHaveLength(reports);
    expect(progressOf(device.uuid).every((p) => p.phase === 'downloading')).toBe(true);
    expect(device.firmwareVersion).toBe('1.0.0');
    expect(options.firmwareStore.get(device.uuid)).toBeUndefined();
    expect(device.runtimeLog.text()).toContain('upgrade 4: cancelled');
    // One it does not know: acked ok too.
    expect(await command(device, 'upgradeCancel', { upgradeId: 99 })).toMatchObject({ ok: true });
  }, 20_000);

  it('fails a package that is not what the order says (checksum mismatch) or that it cannot get, keeping its version', async () => {
    const server = await serve({ pauseMs: 0 });
    const options = { downloadDir: tempDir(), upgradeFailure: 'checksum' as const };
    const device = await online('UPG-CHECKSUM', options);
    expect(await command(device, 'upgrade', order(6, server.url()))).toMatchObject({ ok: true });
    const failed = await harness.waitFor(failedOf(device.uuid, 6), 'failed');
    expect(failed).toMatchObject({ upgradeId: 6, phase: 'failed', reason: 'checksum mismatch' });
    expect(progressOf(device.uuid).map((p) => p.phase)).toContain('verifying');
    expect(progressOf(device.uuid).map((p) => p.phase)).not.toContain('installing');
    expect(downloads(options, device.uuid)).toEqual([]);
    expect(device.firmwareVersion).toBe('1.0.0');
    expect(device.upgrade).toBeUndefined();

    // A link the store refuses: failed with the reason, at once (no retry can help).
    expect(await command(device, 'upgrade', order(7, server.url().replace('/objects/', '/gone/')))).toMatchObject({ ok: true });
    expect(await harness.waitFor(failedOf(device.uuid, 7), 'failed download')).toMatchObject({ reason: 'download failed: HTTP 404' });
    expect(upOf(device.uuid, 'status').filter((m) => m.payload.online === false)).toEqual([]);
  });

  it('loses power halfway through the first download, comes back with the old version and resumes with Range', async () => {
    const server = await serve({ pauseMs: 10 });
    const options = { downloadDir: tempDir(), upgradeFailure: 'powerLoss' as const };
    const device = await online('UPG-POWER', options);
    const hellos = upOf(device.uuid, 'hello').length;
    expect(await command(device, 'upgrade', order(8, server.url('first')))).toMatchObject({ ok: true });
    // The power goes: no goodbye of its own (the broker publishes the will), back after the reboot time, old version.
    const again = await harness.waitFor(() => upOf(device.uuid, 'hello')[hellos], 'hello after the power loss', 15_000);
    expect(again.payload.version).toBe('1.0.0');
    const statuses = upOf(device.uuid, 'status').map((m) => m.payload);
    const wills = harness.connects.flatMap((c) => (c.packet.will ? [JSON.parse(String(c.packet.will.payload)).id] : []));
    const offline = statuses.filter((status) => status.online === false);
    expect(offline).toHaveLength(1);
    expect(wills).toContain(offline[0]?.id);
    expect(device.upgrade).toBeUndefined();
    expect(device.firmwareVersion).toBe('1.0.0');
    // It keeps the half it wrote.
    const half = Math.floor(size / 2);
    const [part] = downloads(options, device.uuid);
    expect(part).toBe(`upgrade-8-${hash}.part`);
    expect(statSync(join(options.downloadDir, device.uuid, part ?? '')).size).toBe(half);
    expect(progressOf(device.uuid).some((p) => p.phase === 'failed')).toBe(false);
    expect(device.runtimeLog.text()).toContain(`upgrade 8: power lost at byte ${half}`);

    // The portal orders it again at its hello (a new link): it asks only for the rest, and installs.
    const before = progressOf(device.uuid).length;
    expect(await command(device, 'upgrade', order(8, server.url('second')))).toMatchObject({ ok: true });
    await harness.waitFor(() => upOf(device.uuid, 'hello').find((m) => m.payload.version === '2.0.0'), 'hello 2.0.0', 15_000);
    expect(device.downloadRanges).toEqual([`bytes=${half}-`]);
    expect(server.requests).toEqual([
      { range: undefined, status: 200 },
      { range: `bytes=${half}-`, status: 206 },
    ]);
    const resumed = progressOf(device.uuid).slice(before);
    expect(resumed[0]).toMatchObject({ upgradeId: 8, phase: 'downloading', percent: 50 });
    expect(resumed.map((p) => p.phase)).toEqual(expect.arrayContaining(['verifying', 'installing', 'rebooting']));
    expect(device.firmwareVersion).toBe('2.0.0');
    expect(downloads(options, device.uuid)).toEqual([]);
  }, 30_000);

  it('resumes a broken download by itself, and at once with the new link when the order comes again', async () => {
    const quarter = size / 4;
    const server = await serve({ pauseMs: 5, breakAfter: [quarter, quarter] });
    const options = { downloadDir: tempDir() };
    const device = await online('UPG-BROKEN', options);
    expect(await command(device, 'upgrade', order(11, server.url('first')))).toMatchObject({ ok: true });
    // Broken twice: after the first it tries again by itself a second later, after the second it waits 2 s…
    await harness.waitFor(() => device.runtimeLog.text().includes('trying again in 2 s') || undefined, 'the second break');
    // …unless the order comes again (after a reconnect, with a new link): then it resumes now.
    const ref = await harness.sendDown(device.uuid, 'upgrade', order(11, server.url('again')));
    const ack = await harness.ackOf(device.uuid, ref);
    expect(ack).toMatchObject({ ok: true });
    await harness.waitFor(() => upOf(device.uuid, 'hello').find((m) => m.payload.version === '2.0.0'), 'hello 2.0.0', 15_000);
    expect(server.gets.map((get) => get.path)).toEqual(['/objects/first', '/objects/first', '/objects/again']);
    expect((server.gets[2]?.at ?? 0) - (ack.at as number)).toBeLessThan(1_500);
    // Each try asked for the rest of what it held: more each time, never all of it.
    const held = device.downloadRanges.map((range) => Number(/^bytes=(\d+)-$/.exec(range)?.[1]));
    expect(held).toHaveLength(2);
    expect(server.requests.map((request) => request.range)).toEqual([undefined, ...device.downloadRanges]);
    expect(held[0]).toBeGreaterThan(0);
    expect(held[1]).toBeGreaterThan(held[0] ?? 0);
    expect(held[1]).toBeLessThan(size);
    // The whole package checked out (its SHA-256 over the parts it resumed): installed.
    expect(progressOf(device.uuid).map((p) => p.phase)).not.toContain('failed');
    expect(device.firmwareVersion).toBe('2.0.0');
  }, 30_000);

  it('fails an install (keeping its version) and refuses to cancel while installing', async () => {
    const server = await serve({ pauseMs: 0 });
    const options = { downloadDir: tempDir(), upgradeFailure: 'install' as const, rebootMs: 800, firmwareStore: memoryFirmwareStore() };
    const device = await online('UPG-INSTALL', options);
    expect(await command(device, 'upgrade', order(9, server.url()))).toMatchObject({ ok: true });
    await harness.waitFor(() => progressOf(device.uuid).find((p) => p.phase === 'installing'), 'installing');
    expect(await command(device, 'upgradeCancel', { upgradeId: 9 })).toMatchObject({ ok: false, error: 'installing' });
    expect(await harness.waitFor(failedOf(device.uuid, 9), 'failed')).toMatchObject({ reason: 'install failed' });
    expect(progressOf(device.uuid).map((p) => p.phase)).not.toContain('rebooting');
    expect(device.firmwareVersion).toBe('1.0.0');
    expect(options.firmwareStore.get(device.uuid)).toBeUndefined();
    expect(device.connected).toBe(true);
    expect(downloads(options, device.uuid)).toEqual([]);
  });

  it('never comes back from a reboot in noReturn mode', async () => {
    const server = await serve({ pauseMs: 0 });
    const options = { downloadDir: tempDir(), upgradeFailure: 'noReturn' as const, rebootMs: 100 };
    const device = await online('UPG-GONE', options);
    expect(await command(device, 'upgrade', order(10, server.url()))).toMatchObject({ ok: true });
    await harness.waitFor(() => upOf(device.uuid, 'status').find((m) => m.payload.online === false), 'status offline');
    expect(progressOf(device.uuid).at(-1)).toMatchObject({ upgradeId: 10, phase: 'rebooting' });
    await sleep(1_000);
    expect(device.connected).toBe(false);
    expect(upOf(device.uuid, 'hello')).toHaveLength(1);
    expect(device.upgrade).toMatchObject({ upgradeId: 10, phase: 'rebooting' });
    expect(device.firmwareVersion).toBe('1.0.0');
    await device.stop();
    expect(device.connected).toBe(false);
  });
});

/** docs/device-protocol.md, `lock`: locked against local changes, kept across restarts. */
describe('the device lock', () => {
  let harness: Harness;
  const devices: SimDevice[] = [];
  let dir: string;

  beforeAll(async () => {
    harness = await startHarness();
    dir = mkdtempSync(join(tmpdir(), 'sim-lock-'));
  });
  afterAll(async () => {
    await Promise.all(devices.map((device) => device.stop()));
    await harness?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const upOf = (uuid: string, kind: string) => harness.upOf(uuid, kind);

  it('reports its lock after every hello, locks on order (stored first), refuses local actions while locked', async () => {
    const path = join(dir, 'state.lock.json');
    const make = () => {
      const device = new SimDevice({
        uuid: 'LOCK-1',
        ...harness.access,
        gpsIntervalMs: 60_000,
        lockStore: fileLockStore(path),
      });
      devices.push(device);
      return device;
    };
    const device = make();
    expect(await device.start()).toBe(true);
    const first = await harness.waitFor(() => upOf(device.uuid, 'lockState')[0], 'lockState');
    expect(first.payload).toMatchObject({ locked: false });
    expect(harness.up.filter((m) => m.uuid === device.uuid).map((m) => m.kind)).toEqual([
      'status',
      'hello',
      'health',
      'configReport',
      'lockState',
    ]);
    expect(device.locked).toBe(false);
    // Unlocked: a driver may do what he likes.
    expect(device.localAction('formatStorage')).toBe(true);

    const ref = await harness.sendDown(device.uuid, 'lock', { locked: true });
    const state = await harness.waitFor(() => upOf(device.uuid, 'lockState')[1], 'lockState after lock');
    expect(state.payload).toMatchObject({ locked: true });
    const mine = harness.up.filter((m) => m.uuid === device.uuid);
    const ack = mine.findIndex((m) => m.kind === 'ack' && m.payload.ref === ref);
    expect(mine[ack]?.payload).toMatchObject({ ok: true });
    expect(ack).toBeLessThan(mine.indexOf(state));
    expect(device.locked).toBe(true);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ 'LOCK-1': true });

    // Locked: refused, and reported at the time it was tried.
    const triedAt = Date.now();
    expect(device.localAction('formatStorage')).toBe(false);
    expect(device.localAction('stopRecording')).toBe(false);
    const tampers = await harness.waitFor(
      () => (upOf(device.uuid, 'tamper').length === 2 ? upOf(device.uuid, 'tamper') : undefined),
      'tamper',
    );
    expect(tampers.map((m) => m.payload.action)).toEqual(['formatStorage', 'stopRecording']);
    for (const tamper of tampers) {
      expect(compiled.up.tamper.Check(tamper.payload)).toBe(true);
      expect(tamper.payload.at as number).toBeGreaterThanOrEqual(triedAt);
    }
    // Tried while offline: reported at the next connection, with the time it was tried.
    await device.disconnect();
    const offlineAt = Date.now();
    expect(device.localAction('changeSettings')).toBe(false);
    await sleep(50);
    device.reconnect();
    const late = await harness.waitFor(() => upOf(device.uuid, 'tamper')[2], 'tamper after reconnecting');
    expect(late.payload).toMatchObject({ action: 'changeSettings' });
    expect(late.payload.at as number).toBeGreaterThanOrEqual(offlineAt);
    expect(late.payload.at as number).toBeLessThan(offlineAt + 50);
    await harness.waitFor(() => upOf(device.uuid, 'lockState')[2], 'lockState after the reconnection');
    expect(device.runtimeLog.text()).toContain('local action changeSettings: refused (locked), tamper reported');
    await device.stop();

    // Restarted on the same file: still locked, and says so after hello.
    const restarted = make();
    expect(restarted.locked).toBe(true);
    const states = upOf('LOCK-1', 'lockState').length;
    expect(await restarted.start()).toBe(true);
    const said = await harness.waitFor(() => upOf('LOCK-1', 'lockState')[states], 'lockState after the restart');
    expect(said.payload).toMatchObject({ locked: true });
    expect(restarted.localAction('changeSettings')).toBe(false);

    // Unlocked the same way.
    const unlock = await harness.sendDown('LOCK-1', 'lock', { locked: false });
    await harness.ackOf('LOCK-1', unlock);
    const unlocked = await harness.waitFor(
      () => upOf('LOCK-1', 'lockState').find((m, i) => i > states && m.payload.locked === false),
      'lockState false',
    );
    expect(unlocked.payload.locked).toBe(false);
    expect(restarted.locked).toBe(false);
    expect(restarted.localAction('changeSettings')).toBe(true);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ 'LOCK-1': false });
  }, 20_000);
});

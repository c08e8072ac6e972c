import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCliOptions } from '../src/cli-options.js';
import { configPathNextTo, fileConfigStore, memoryConfigStore } from '../src/config-store.js';
import { fileCredentialStore, memoryCredentialStore } from '../src/credentials.js';
import { fleetUuid } from '../src/fleet.js';
import { InflightLimit } from '../src/inflight.js';
import { downKind, iccidFor, messageIds, parseDown } from '../src/messages.js';
import { fileFirmwareStore, fileLockStore, memoryFirmwareStore, memoryLockStore, statePathNextTo } from '../src/state-stores.js';

describe('InflightLimit', () => {
  it('lets `limit` through, makes the next wait until a release, urgent ones first', async () => {
    const limit = new InflightLimit(2);
    await limit.acquire();
    await limit.acquire();
    const order: string[] = [];
    void limit.acquire().then(() => order.push('normal'));
    void limit.acquire(true).then(() => order.push('urgent'));
    await Promise.resolve();
    expect(order).toEqual([]);
    expect(limit.queued).toBe(2);
    limit.release();
    await Promise.resolve();
    expect(order).toEqual(['urgent']);
    expect(limit.inflight).toBe(2);
    limit.release();
    limit.release();
    limit.release();
    await Promise.resolve();
    expect(order).toEqual(['urgent', 'normal']);
    expect(limit.inflight).toBe(0);
  });
});

describe('messages', () => {
  it('makes unique ids with a prefix that differs between runs', () => {
    const ids = messageIds();
    const some = Array.from({ length: 1_000 }, ids);
    expect(new Set(some).size).toBe(1_000);
    expect(messageIds()()).not.toBe(messageIds()());
  });

  it('reads the kind of a down topic for this device only', () => {
    expect(downKind('DVR-1', 'dev/DVR-1/down/config')).toBe('config');
    expect(downKind('DVR-1', 'dev/DVR-2/down/config')).toBeUndefined();
    expect(downKind('DVR-1', 'dev/DVR-1/down/')).toBeUndefined();
  });

  it('accepts a v1 envelope and says why it refuses others, with the id to answer when there is one', () => {
    const json = (value: unknown) => Buffer.from(JSON.stringify(value));
    expect(parseDown(json({ v: 1, id: 'c1', at: 1, secret: 'ds_x' }))).toEqual({
      ok: true,
      message: { v: 1, id: 'c1', at: 1, secret: 'ds_x' },
    });
    expect(parseDown(Buffer.from('{nope'))).toEqual({ ok: false, error: 'not JSON' });
    expect(parseDown(json([1]))).toMatchObject({ ok: false, error: 'not a JSON object' });
    expect(parseDown(json({ v: 1, at: 1 }))).toMatchObject({ ok: false, error: 'missing id' });
    expect(parseDown(json({ v: 2, id: 'x', at: 1 }))).toMatchObject({ ok: false, id: 'x', error: 'unsupported version 2' });
  });

  it('makes 20-digit ICCIDs with a valid Luhn check digit', () => {
    for (const seed of [0, 1, 42, 2 ** 32 - 1]) {
      const iccid = iccidFor(seed);
      expect(iccid).toMatch(/^89\d{18}$/);
      const sum = [...iccid].reverse().reduce((acc, ch, i) => {
        const d = Number(ch) * (i % 2 === 1 ? 2 : 1);
        return acc + (d > 9 ? d - 9 : d);
      }, 0);
      expect(sum % 10).toBe(0);
    }
  });
});

describe('credential stores', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-state-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('memory store keeps what it is given', () => {
    const store = memoryCredentialStore({ A: 'ds_a' });
    store.set('B', 'ds_b');
    expect([store.get('A'), store.get('B'), store.get('C')]).toEqual(['ds_a', 'ds_b', undefined]);
  });

  it('file store survives a restart, writes whole files and leaves no temporary file', async () => {
    const dir = tempDir();
    const path = join(dir, 'nested', 'state.json');
    const store = fileCredentialStore(path);
    expect(store.get('A')).toBeUndefined();
    // Many at once: coalesced writes, every secret still on disk when the last promise resolves.
    await Promise.all(Array.from({ length: 50 }, (_, i) => store.set(`D${i}`, `ds_${i}`)));
    const again = fileCredentialStore(path);
    expect(again.get('D0')).toBe('ds_0');
    expect(again.get('D49')).toBe('ds_49');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toHaveProperty('D25', 'ds_25');
    expect(readdirSync(join(dir, 'nested'))).toEqual(['state.json']);
  });

  it('file store refuses a file that is not a JSON object', () => {
    const path = join(tempDir(), 'state.json');
    writeFileSync(path, '[]');
    expect(() => fileCredentialStore(path)).toThrow(/JSON object/);
  });
});

describe('configuration stores', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-config-'));
    dirs.push(dir);
    return dir;
  };

  it('sits next to the credential file', () => {
    expect(configPathNextTo('state.json')).toBe('state.config.json');
    expect(configPathNextTo('/var/sim/fleet')).toBe('/var/sim/fleet.config.json');
  });

  it('memory store keeps a copy, not the caller’s object', () => {
    const store = memoryConfigStore();
    const config = { version: 2, settings: { gpsBatch: 7 } };
    store.set('A', config);
    config.settings.gpsBatch = 9;
    expect(store.get('A')).toEqual({ version: 2, settings: { gpsBatch: 7 } });
    expect(store.get('B')).toBeUndefined();
  });

  it('file store keeps {uuid: {version, settings}} across a restart, written whole, and skips entries that are no configuration', async () => {
    const dir = tempDir();
    const path = join(dir, 'state.config.json');
    const store = fileConfigStore(path);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.set(`D${i}`, { version: i + 1, settings: { uploadIntervalSeconds: 5, gpsBatch: i + 1 } })),
    );
    const again = fileConfigStore(path);
    expect(again.get('D19')).toEqual({ version: 20, settings: { uploadIntervalSeconds: 5, gpsBatch: 20 } });
    expect(JSON.parse(readFileSync(path, 'utf8')).D3).toEqual({ version: 4, settings: { uploadIntervalSeconds: 5, gpsBatch: 4 } });
    expect(readdirSync(dir)).toEqual(['state.config.json']);

    writeFileSync(path, JSON.stringify({ OK: { version: 1, settings: {} }, BAD: { version: -1, settings: {} }, ALSO: 'x' }));
    const read = fileConfigStore(path);
    expect([read.get('OK'), read.get('BAD'), read.get('ALSO')]).toEqual([{ version: 1, settings: {} }, undefined, undefined]);
  });
});

describe('firmware and lock stores', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('sit next to the credential file', () => {
    expect(statePathNextTo('run/state.json', 'firmware')).toBe('run/state.firmware.json');
    expect(statePathNextTo('run/state.json', 'lock')).toBe('run/state.lock.json');
    expect(statePathNextTo('/var/sim/fleet', 'lock')).toBe('/var/sim/fleet.lock.json');
  });

  it('keep one value per device, in memory or in a file across a restart, skipping entries of the wrong form', async () => {
    const firmware = memoryFirmwareStore({ A: '2.0.0' });
    firmware.set('B', '3.0.0');
    expect([firmware.get('A'), firmware.get('B'), firmware.get('C')]).toEqual(['2.0.0', '3.0.0', undefined]);
    const locks = memoryLockStore();
    locks.set('A', true);
    expect([locks.get('A'), locks.get('B')]).toEqual([true, undefined]);

    const dir = mkdtempSync(join(tmpdir(), 'sim-state-'));
    dirs.push(dir);
    const firmwarePath = join(dir, 'state.firmware.json');
    const lockPath = join(dir, 'state.lock.json');
    const files = { firmware: fileFirmwareStore(firmwarePath), locks: fileLockStore(lockPath) };
    await Promise.all(Array.from({ length: 10 }, (_, i) => files.firmware.set(`D${i}`, `1.${i}`)));
    await Promise.all([files.locks.set('D1', true), files.locks.set('D2', false)]);
    expect(fileFirmwareStore(firmwarePath).get('D9')).toBe('1.9');
    expect([fileLockStore(lockPath).get('D1'), fileLockStore(lockPath).get('D2')]).toEqual([true, false]);
    expect(readdirSync(dir).sort()).toEqual(['state.firmware.json', 'state.lock.json']);

    writeFileSync(firmwarePath, JSON.stringify({ OK: '2.5.0', EMPTY: '', LONG: 'x'.repeat(65), NUMBER: 2 }));
    const read = fileFirmwareStore(firmwarePath);
    expect(['OK', 'EMPTY', 'LONG', 'NUMBER'].map((uuid) => read.get(uuid))).toEqual(['2.5.0', undefined, undefined, undefined]);
    writeFileSync(lockPath, JSON.stringify({ OK: true, BAD: 'yes' }));
    expect([fileLockStore(lockPath).get('OK'), fileLockStore(lockPath).get('BAD')]).toEqual([true, undefined]);
  });
});

describe('fleet uuids and the command line', () => {
  it('numbers devices from 1 with at least four digits', () => {
    expect(fleetUuid('SIM-', 0, 200)).toBe('SIM-0001');
    expect(fleetUuid('X', 12_344, 20_000)).toBe('X12345');
  });

  it('reads the options of the brief', () => {
    const { fleet, statePath, help } = parseCliOptions(
      '--devices 200 --broker mqtt://h:1883 --key pk_x --prefix T- --interval 2000 --batch 10 --state s.json --seed 4 --disconnect-every 600000'.split(
        ' ',
      ),
    );
    expect(help).toBe(false);
    expect(statePath).toBe('s.json');
    expect(fleet).toMatchObject({
      devices: 200,
      brokerUrl: 'mqtt://h:1883',
      provisioningKey: 'pk_x',
      uuidPrefix: 'T-',
      gpsIntervalMs: 2000,
      gpsBatch: 10,
      seed: 4,
      disconnectEveryMs: 600_000,
    });
  });

  it('keeps configurations next to --state, and reads --refuse-config and --offline', () => {
    const { fleet, statePath, configPath } = parseCliOptions([
      '--devices',
      '5',
      '--state',
      'run/s.json',
      '--refuse-config',
      'locked by the fleet owner',
      '--offline',
      '2,5',
    ]);
    expect([statePath, configPath]).toEqual(['run/s.json', 'run/s.config.json']);
    expect(fleet).toMatchObject({ refuseConfig: 'locked by the fleet owner', offline: [1, 4] });
    expect(parseCliOptions([]).configPath).toBeUndefined();
    expect(() => parseCliOptions(['--devices', '3', '--offline', '4'])).toThrow(/--offline/);
    expect(() => parseCliOptions(['--offline', 'one'])).toThrow(/--offline/);
    expect(() => parseCliOptions(['--refuse-config', ' '])).toThrow(/--refuse-config/);
  });

  it('keeps firmware and locks next to --state, and reads the upgrade options', () => {
    const { fleet, firmwarePath, lockPath } = parseCliOptions(
      '--devices 6 --state run/s.json --firmware 1.2.3 --model SS-DVR-8 --reboot 500 --download-dir /tmp/dl --upgrade-failure checksum --upgrade-failure powerLoss:2,3 --upgrade-failure noReturn:6'.split(
        ' ',
      ),
    );
    expect([firmwarePath, lockPath]).toEqual(['run/s.firmware.json', 'run/s.lock.json']);
    expect(fleet).toMatchObject({
      firmware: '1.2.3',
      model: 'SS-DVR-8',
      rebootMs: 500,
      downloadDir: '/tmp/dl',
      upgradeFailure: 'checksum',
      upgradeFailures: { 1: 'powerLoss', 2: 'powerLoss', 5: 'noReturn' },
    });
    expect(parseCliOptions([]).fleet.upgradeFailure).toBeUndefined();
    expect(parseCliOptions([]).fleet.upgradeFailures).toBeUndefined();
    expect(parseCliOptions([]).firmwarePath).toBeUndefined();
    expect(() => parseCliOptions(['--upgrade-failure', 'meltdown'])).toThrow(/--upgrade-failure must be one of checksum, powerLoss/);
    expect(() => parseCliOptions(['--devices', '2', '--upgrade-failure', 'install:3'])).toThrow(/--upgrade-failure/);
    expect(() => parseCliOptions(['--reboot', '-1'])).toThrow(/--reboot/);
  });

  it('refuses nonsense with a message naming the option', () => {
    expect(() => parseCliOptions(['--devices', '0'])).toThrow(/--devices/);
    expect(() => parseCliOptions(['--batch', '501'])).toThrow(/--batch/);
    expect(() => parseCliOptions(['--speed-factor', '-1'])).toThrow(/--speed-factor/);
    expect(() => parseCliOptions(['--bogus'])).toThrow();
  });
});

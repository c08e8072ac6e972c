import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, SOURCE_PORTAL } from '../../../e2e/portal.js';
import { loadConfig } from '../src/config.js';
import { PortInUse, settlePorts } from '../src/ports.js';

/** Issue 15: a machine that already runs something on the default ports (Mosquitto on 1883, as this one may). */
const held: Server[] = [];
afterAll(() => Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve)))));

/** Listens on a free port and keeps it, as another program would. */
async function occupied(): Promise<number> {
  const port = await freePort();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  held.push(server);
  return port;
}

/** The configuration of a portal on these ports (its data directory a temporary one, not the working tree's). */
async function configWith(ports: { port: number; mqttPort: number; rtmpPort: number; jt808Port?: number }, production = false) {
  process.env.DATA_DIR ??= await mkdtemp(path.join(tmpdir(), 'safety-shield-ports-config-'));
  const base = loadConfig();
  return {
    ...base,
    host: '127.0.0.1',
    production,
    port: ports.port,
    mqttPort: ports.mqttPort,
    media: { ...base.media, host: '127.0.0.1', rtmpPort: ports.rtmpPort },
    jt808: { ...base.jt808, port: ports.jt808Port ?? 0 },
  };
}

/** Settles these ports with `variable` unset, so its port is a default the start-up may move; answers them and its lines. */
async function settledByDefault(variable: 'MQTT_PORT' | 'JT808_PORT', ports: Parameters<typeof configWith>[0]) {
  const lines: string[] = [];
  const before = process.env[variable];
  delete process.env[variable];
  try {
    const settled = await settlePorts(await configWith(ports), (line) => lines.push(line));
    return { settled, lines };
  } finally {
    if (before !== undefined) process.env[variable] = before;
  }
}

describe('ports at start-up', () => {
  it('moves a taken default port to the next free one and says so in one line', async () => {
    const taken = await occupied();
    const { settled, lines } = await settledByDefault('MQTT_PORT', { port: 0, mqttPort: taken, rtmpPort: 0 });
    expect(settled.mqttPort).toBeGreaterThan(taken);
    expect(lines).toEqual([`The MQTT broker is on ${settled.mqttPort}: ${taken} is in use; set MQTT_PORT to choose.`]);
  });

  it('moves the JT/T 808 listener’s taken default too (issue 30)', async () => {
    const taken = await occupied();
    const { settled, lines } = await settledByDefault('JT808_PORT', { port: 0, mqttPort: 0, rtmpPort: 0, jt808Port: taken });
    expect(settled.jt808.port).toBeGreaterThan(taken);
    expect(lines).toEqual([`The JT/T 808 listener is on ${settled.jt808.port}: ${taken} is in use; set JT808_PORT to choose.`]);
  });

  it('never moves a port the operator chose, nor any in production', async () => {
    const taken = await occupied();
    process.env.MQTT_PORT = String(taken);
    try {
      await expect(settlePorts(await configWith({ port: 0, mqttPort: taken, rtmpPort: 0 }), () => {})).rejects.toThrow(PortInUse);
    } finally {
      delete process.env.MQTT_PORT;
    }
    await expect(settlePorts(await configWith({ port: taken, mqttPort: 0, rtmpPort: 0 }, true), () => {})).rejects.toThrow(
      `The console cannot listen on port ${taken}: it is in use. Set PORT to a free port.`,
    );
  });

  it('ends a start-up on a chosen port in use with one line naming it and its variable, before any line of success', async () => {
    const taken = await occupied();
    const { code, stdout, stderr } = await startUp({ MQTT_PORT: String(taken) });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`The MQTT broker cannot listen on port ${taken}: it is in use. Set MQTT_PORT to a free port.`);
    expect(stdout).not.toMatch(/console:|admin|password/i);
  }, 60_000);

  it('ends a start-up with a setting it cannot use with one line saying which, not a stack trace', async () => {
    const { code, stdout, stderr } = await startUp({ S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('S3_BUCKET must name the evidence bucket when S3_ENDPOINT is set');
    expect(stdout).toBe('');
  }, 60_000);
});

/** Starts the portal from its source with these settings on free ports and a fresh data directory, until it exits. */
async function startUp(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'safety-shield-ports-'));
  const child = spawn(process.execPath, SOURCE_PORTAL, {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      MEDIA_RTMP_PORT: '0',
      JT808_PORT: '0',
      DATA_DIR: dataDir,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}

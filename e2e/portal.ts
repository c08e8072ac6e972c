import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Portal {
  url: string;
  /** The portal's embedded MQTT broker. */
  mqttUrl: string;
  /** Its JT/T 808 listener. */
  jt808Port: number;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The built portal; `node --import tsx` runs the source instead (tests that must not depend on a build). */
export const BUILT_PORTAL = ['packages/server/dist/main.js'];
export const SOURCE_PORTAL = ['--import', 'tsx', 'packages/server/src/main.ts'];

/** Starts the portal (the build unless `nodeArgs` say otherwise) on a free port and a fresh data directory; resolves when healthy. */
export async function startPortal(env: Record<string, string> = {}, dataDir?: string, nodeArgs = BUILT_PORTAL): Promise<Portal> {
  const port = await freePort();
  const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'safety-shield-')));
  // Its own broker port (1883 may be the machine's Mosquitto) and no demo fleet unless a test asks for one.
  const mqttPort = env.MQTT_PORT ?? String(await freePort());
  // Likewise the embedded media server's RTMP port (1935 by default).
  const mediaPort = env.MEDIA_RTMP_PORT ?? String(await freePort());
  // The JT/T 808 listener on any free port the system gives it (one more port picked here could meet another's); the
  // start-up line names it.
  const jt808Port = env.JT808_PORT ?? '0';
  const child = spawn(process.execPath, nodeArgs, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      DEMO: '0',
      MQTT_PORT: mqttPort,
      MEDIA_RTMP_PORT: mediaPort,
      JT808_PORT: jt808Port,
      JT808_ATTACHMENT_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/health/getReleaseVersionTime`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The start-up line that names the JT/T 808 port follows the console's first answer by a moment.
  const startLine = /JT\/T 808 terminals: port (\d+)/;
  while (Date.now() < deadline && !startLine.test(output) && child.exitCode === null)
    await new Promise((resolve) => setTimeout(resolve, 50));
  if (Date.now() >= deadline) {
    child.kill('SIGKILL');
    throw new Error(`portal did not start:\n${output}`);
  }
  return {
    url,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    jt808Port: Number(startLine.exec(output)?.[1] ?? jt808Port),
    dataDir: dir,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!dataDir) await rm(dir, { recursive: true, force: true });
    },
  };
}

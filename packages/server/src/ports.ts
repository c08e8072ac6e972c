import { createServer } from 'node:net';
import type { Config } from './config.js';

/** One port the portal listens on, and the variable that chooses it. */
interface Listener {
  what: string;
  variable: string;
  port: number;
  host: string;
}

/** How many ports above a taken default the embedded set-up tries. */
const TRIES = 20;

/** True when nothing listens on host:port (any other failure, e.g. no permission, counts as free: listening will say). */
export function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code !== 'EADDRINUSE'));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** A start-up that cannot go on: one line for the operator, no stack trace. */
export class PortInUse extends Error {
  constructor(listener: Listener) {
    super(`${listener.what} cannot listen on port ${listener.port}: it is in use. Set ${listener.variable} to a free port.`);
    this.name = 'PortInUse';
  }
}

/**
 * The ports this node listens on, settled before anything starts. In the embedded default (the variable not set,
 * not production) a taken port moves to the next free one, said in one line; a port the operator chose, or any in
 * production, is never moved: start-up ends with PortInUse. Port 0 (any free one) is left to the system.
 */
export async function settlePorts(config: Config, say: (line: string) => void): Promise<Config> {
  const listeners: Listener[] = [{ what: 'The console', variable: 'PORT', port: config.port, host: config.host }];
  if (!config.mqttUrl) listeners.push({ what: 'The MQTT broker', variable: 'MQTT_PORT', port: config.mqttPort, host: config.host });
  listeners.push({ what: 'The JT/T 808 listener', variable: 'JT808_PORT', port: config.jt808.port, host: config.host });
  listeners.push({
    what: 'The JT/T 808 attachment listener',
    variable: 'JT808_ATTACHMENT_PORT',
    port: config.jt808.attachmentPort,
    host: config.host,
  });
  if (!config.media.externalUrl) {
    listeners.push({ what: 'The media server (RTMP)', variable: 'MEDIA_RTMP_PORT', port: config.media.rtmpPort, host: config.media.host });
  }
  const chosen = new Map<string, number>();
  const taken = new Set<number>();
  for (const listener of listeners) {
    let port = listener.port;
    if (port !== 0) {
      const movable = !config.production && !process.env[listener.variable];
      let tries = movable ? TRIES : 0;
      while (taken.has(port) || !(await isFree(port, listener.host))) {
        if (tries-- <= 0) throw new PortInUse({ ...listener, port: listener.port });
        port += 1;
      }
      if (port !== listener.port) {
        say(`${listener.what} is on ${port}: ${listener.port} is in use; set ${listener.variable} to choose.`);
      }
      taken.add(port);
    }
    chosen.set(listener.variable, port);
  }
  return {
    ...config,
    port: chosen.get('PORT') ?? config.port,
    mqttPort: chosen.get('MQTT_PORT') ?? config.mqttPort,
    jt808: {
      ...config.jt808,
      port: chosen.get('JT808_PORT') ?? config.jt808.port,
      attachmentPort: chosen.get('JT808_ATTACHMENT_PORT') ?? config.jt808.attachmentPort,
    },
    media: { ...config.media, rtmpPort: chosen.get('MEDIA_RTMP_PORT') ?? config.media.rtmpPort },
  };
}

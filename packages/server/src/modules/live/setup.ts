import { hostname } from 'node:os';
import { LIVE_IDLE_MS } from '@safety-shield/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { DeviceCommands } from '../../device-port/index.js';
import { EmbeddedMediaServer } from '../../media/embedded.js';
import { mediaRoutes } from '../../media/routes.js';
import { LivePlaySigner } from '../../media/signer.js';
import type { UsageMeter } from '../subscriptions/index.js';
import { liveRoutes } from './routes.js';
import { LiveService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live sessions, which DVR playback shares. */
    live: LiveService;
  }
}

/** What live video reads of the portal's settings. */
export type LiveConfig = Pick<Config, 'secretKey'> & Partial<Pick<Config, 'media' | 'publicUrl' | 'mqttClientId'>>;

/**
 * Live video: the API, and the embedded media server when the config asks for one (MEDIA_URL: an external server,
 * which checks publishers and players through `/v1/live/hooks/*`). Sessions live in the database: with live video on,
 * this node ends the sessions its embedded server carried before a restart and sweeps idle sessions like every node.
 * Without `config.media` (most tests) the routes exist and answer DEVICE_LIVE_FAIL on start.
 */
export async function startLive(
  app: FastifyInstance,
  db: Db,
  devices: DeviceCommands,
  usage: UsageMeter,
  config: LiveConfig,
): Promise<LiveService> {
  const media = config.media;
  let embedded: EmbeddedMediaServer | undefined;
  const publicHost = config.publicUrl ? new URL(config.publicUrl).hostname : '127.0.0.1';
  const live = new LiveService(
    db,
    devices,
    new LivePlaySigner(config.secretKey),
    usage,
    {
      publishBase: () => media?.rtmpUrl ?? `rtmp://${publicHost}:${embedded?.port ?? media?.rtmpPort ?? 1935}`,
      playBase: media?.externalUrl ?? '',
      idleMs: media?.idleMs ?? LIVE_IDLE_MS,
      ackTimeoutMs: 10_000,
      available: () => Boolean(embedded || media?.externalUrl),
      // The node's name at the MQTT broker names it here too (stable across restarts, unique per node).
      nodeId: config.mqttClientId ?? `safety-shield-${hostname()}`,
    },
    app.log,
  );
  if (media && !media.externalUrl) {
    try {
      embedded = await EmbeddedMediaServer.start(media.rtmpPort, media.host, live);
    } catch (err) {
      // The portal still serves everything else; live starts answer DEVICE_LIVE_FAIL until the port is free.
      app.log.error({ err, rtmpPort: media.rtmpPort }, 'embedded media server could not listen: live video is off');
    }
    if (embedded) {
      live.useMedia(embedded);
      app.log.info({ rtmpPort: embedded.port }, 'embedded media server listening');
    }
  }
  // Declared in the contract, so always served: without an embedded media server it answers "not found".
  await app.register(mediaRoutes, { media: embedded, signer: new LivePlaySigner(config.secretKey), known: (s) => live.known(s) });
  if (media) await live.open();
  await app.register(liveRoutes, { live });
  // Before the HTTP server waits for its connections: the FLV viewers' answers never end by themselves.
  app.addHook('preClose', async () => {
    await live.close();
    await embedded?.close();
  });
  return live;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';

/**
 * The embedded media server (ARCHITECTURE section 1): node-media-server 4's RTMP ingest and FLV muxing, wrapped so the
 * portal decides who may publish (the per-session key) and who may play (the signed URL checked before `play`).
 * node-media-server keeps its streams in a module-wide context, so there is one embedded server per process.
 */

interface NmsBroadcast {
  publisher: NmsSession | null;
  subscribers: Map<string, NmsSession>;
  flvVideoHeader: Buffer | null;
  donePlay(session: NmsSession): void;
  _finishPublish(): void;
}

interface NmsSession {
  id: string;
  ip: string;
  isPublisher: boolean;
  streamApp: string;
  streamName: string;
  streamPath: string;
  streamQuery: Record<string, unknown>;
  broadcast: NmsBroadcast;
  run(): void;
  close(): void;
  onPush: () => void;
  onPlay: () => void;
  onPacket: (packet: unknown) => void;
  onClose: () => void;
}

const require = createRequire(import.meta.url);
const RtmpSession = require('node-media-server/src/session/rtmp_session.js') as new (socket: net.Socket) => NmsSession;
const FlvSession = require('node-media-server/src/session/flv_session.js') as new (req: unknown, res: ServerResponse) => NmsSession;
const Context = require('node-media-server/src/core/context.js') as {
  sessions: Map<string, NmsSession>;
  broadcasts: Map<string, NmsBroadcast>;
};
// Its own console logger says every connection at "info"; the portal logs what matters itself.
(require('node-media-server/src/core/logger.js') as { level: string }).level = 'error';

/** The only RTMP application the portal uses: `rtmp://host:port/live/{stream}?key=…`. */
export const LIVE_APP = 'live';
export const STREAM_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** What the portal tells the media server and hears back from it. */
export interface MediaHooks {
  /** The publish key is the one issued for this stream (prePublish): anything else is refused before it is announced. */
  authorizePublish(stream: string, key: string): Promise<boolean>;
  publishStarted(stream: string): void;
  publishEnded(stream: string): void;
  viewersChanged(stream: string, viewers: number): void;
}

export class EmbeddedMediaServer {
  private readonly sockets = new Set<net.Socket>();
  private readonly viewerSockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    private readonly hooks: MediaHooks,
  ) {}

  /** Listens for RTMP on `port` (0: any free one). */
  static async start(port: number, host: string, hooks: MediaHooks): Promise<EmbeddedMediaServer> {
    const server = net.createServer();
    const media = new EmbeddedMediaServer(server, hooks);
    server.on('connection', (socket) => media.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return media;
  }

  get port(): number {
    return (this.server.address() as net.AddressInfo).port;
  }

  private accept(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.setNoDelay(true);
    const session = new RtmpSession(socket);
    const push = session.onPush;
    const packet = session.onPacket;
    // While the key is checked (a database read) the publisher's first packets (metadata, decoder configuration) wait;
    // a refused publisher's are dropped.
    let packets: 'pass' | 'refuse' | unknown[] = 'pass';
    session.onPacket = (p) => {
      if (packets === 'pass') packet(p);
      else if (packets !== 'refuse') packets.push(p);
    };
    const refuse = () => {
      packets = 'refuse';
      socket.destroy();
    };
    // The prePublish check: a wrong app, stream or key never becomes the stream's publisher.
    session.onPush = () => {
      const key = typeof session.streamQuery?.key === 'string' ? session.streamQuery.key : '';
      if (session.streamApp !== LIVE_APP) return refuse();
      packets = [];
      socket.pause();
      this.hooks.authorizePublish(session.streamName, key).then((allowed) => {
        if (!allowed || socket.destroyed) return refuse();
        push();
        if (session.broadcast.publisher !== session) return refuse();
        this.hooks.publishStarted(session.streamName);
        const held = Array.isArray(packets) ? packets : [];
        packets = 'pass';
        for (const p of held) packet(p);
        socket.resume();
      }, refuse);
    };
    // Playing over RTMP would bypass the signed URL: only HTTP-FLV through the portal plays.
    session.onPlay = () => socket.destroy();
    const close = session.onClose;
    session.onClose = () => {
      const broadcast = session.broadcast;
      const publishing = session.isPublisher && broadcast.publisher === session;
      close();
      if (!publishing) return;
      // No grace period: a device that stops publishing has ended the stream; its viewers see "publish done".
      broadcast._finishPublish();
      for (const viewer of [...broadcast.subscribers.values()]) viewer.close();
      this.hooks.publishEnded(session.streamName);
    };
    session.run();
  }

  /** Attaches an HTTP response as an FLV viewer of a stream (published now or soon). */
  play(stream: string, req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      'Content-Type': 'video/x-flv',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    req.socket.setNoDelay(true);
    const socket = req.socket;
    // Until the connection itself closes (a finished answer leaves a keep-alive socket behind).
    this.viewerSockets.add(socket);
    socket.once('close', () => this.viewerSockets.delete(socket));
    const shim = {
      socket: { remoteAddress: req.socket.remoteAddress, remotePort: req.socket.remotePort, on: () => {} },
      hostname: 'portal',
      params: { app: LIVE_APP, name: stream },
      query: {},
      method: 'GET',
      on: () => {},
    };
    const viewer = new FlvSession(shim, res);
    viewer.run();
    Context.sessions.set(viewer.id, viewer);
    this.hooks.viewersChanged(stream, this.viewers(stream));
    res.on('close', () => {
      viewer.broadcast.donePlay(viewer);
      Context.sessions.delete(viewer.id);
      this.hooks.viewersChanged(stream, this.viewers(stream));
    });
  }

  viewers(stream: string): number {
    return Context.broadcasts.get(`/${LIVE_APP}/${stream}`)?.subscribers.size ?? 0;
  }

  publishing(stream: string): boolean {
    return Boolean(Context.broadcasts.get(`/${LIVE_APP}/${stream}`)?.publisher);
  }

  /** The stream's decoder configuration has arrived: a viewer can show frames. */
  playable(stream: string): boolean {
    return Boolean(Context.broadcasts.get(`/${LIVE_APP}/${stream}`)?.flvVideoHeader);
  }

  /** Ends a stream here: its publisher and viewers are disconnected. */
  kick(stream: string): void {
    const broadcast = Context.broadcasts.get(`/${LIVE_APP}/${stream}`);
    if (!broadcast) return;
    broadcast.publisher?.close();
    for (const viewer of [...broadcast.subscribers.values()]) viewer.close();
  }

  async close(): Promise<void> {
    for (const socket of [...this.sockets, ...this.viewerSockets]) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

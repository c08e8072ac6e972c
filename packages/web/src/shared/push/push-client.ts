import { PUSH_MAX_WATCH, type PushClientMessage, type PushServerMessage, readPushServerMessage } from '@safety-shield/contract/push';

/** What a page hears about one vehicle. */
export type VehiclePush = Extract<PushServerMessage, { type: 'position' | 'presence' }>;

/** A new incident in the caller's scope, sent only while some page listens (`{type:'incidents', on:true}`). */
export type IncidentPush = Extract<PushServerMessage, { type: 'incident' }>;

/** A resource of a watched incident moved to another upload state (`{type:'uploads', eventId, on:true}`). */
export type UploadPush = Extract<PushServerMessage, { type: 'upload' }>;

/** An S.O.S of the caller's scope started, stopped or was closed: every signed-in socket gets it unasked. */
export type SosPush = Extract<PushServerMessage, { type: 'sos' }>;

/** Running-status alerts of a device in the caller's scope changed: every signed-in socket gets it unasked. */
export type DeviceAlertPush = Extract<PushServerMessage, { type: 'deviceAlert' }>;

/** A device task of the caller's scope moved on (its rows counted by state): every signed-in socket gets it unasked. */
export type DeviceTaskPush = Extract<PushServerMessage, { type: 'deviceTask' }>;

/** The alarms (and task progress) the server sends every signed-in socket without being asked. */
export type AlarmPush = SosPush | DeviceAlertPush | DeviceTaskPush;
type AlarmType = AlarmPush['type'];

/** idle: nothing watched; connecting: opening or authenticating; live: watching; reconnecting: waiting to retry. */
export type PushStatus = 'idle' | 'connecting' | 'live' | 'reconnecting';

/** The part of the browser's WebSocket the client uses (tests give a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface PushClientOptions {
  url(): string;
  /** The session token, read at every connection: none, no connection. */
  token(): string | null;
  createSocket(url: string): SocketLike;
  /** Timers and randomness, replaceable in tests. */
  setTimeout?(callback: () => void, ms: number): unknown;
  clearTimeout?(handle: unknown): void;
  random?(): number;
}

const OPEN = 1;
/** Codes that say the token is no good: retrying with the same token cannot help. */
const TOKEN_REFUSED = new Set([
  'PERMISSION_TOKEN_FAIL',
  'PERMISSION_TOKEN_MISSING',
  'PERMISSION_TOKEN_EXPIRE_FAIL',
  'PERMISSION_ROLE_FAIL',
]);
/** The close code the server uses for a socket without a valid session. */
export const CLOSE_UNAUTHORISED = 4401;
/** When the last page stops watching, the socket stays open this long: the next page (a tab switch) reuses it. */
export const LINGER_MS = 5_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** Exponential back-off with jitter: about 1 s, 2 s, 4 s … up to 30 s, each between half and all of that. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling * (0.5 + random() / 2));
}

/**
 * The console's one WebSocket per tab (`/v1/ws`): authenticates with its first message, watches the union of what
 * every mounted hook wants (ref-counted per vehicle), reconnects with back-off, and closes when nothing is
 * watched any more or the session has ended.
 */
export class PushClient {
  private readonly listeners = new Map<number, Set<(message: VehiclePush) => void>>();
  private readonly statusListeners = new Set<(status: PushStatus) => void>();
  private readonly incidentListeners = new Set<(message: IncidentPush) => void>();
  /** Whether this connection has been told to send incidents (null: not told anything yet). */
  private sentIncidents: boolean | null = null;
  private readonly uploadListeners = new Map<number, Set<(message: UploadPush) => void>>();
  private readonly alarmListeners = new Set<(message: AlarmPush) => void>();
  /** The incidents whose uploads this connection was told to send. */
  private sentUploads = new Set<number>();
  private socket: SocketLike | undefined;
  private ready = false;
  private attempt = 0;
  private retryTimer: unknown;
  private lingerTimer: unknown;
  private syncQueued = false;
  /** The watch list last sent on this connection (sorted ids, joined). */
  private sentWatch: string | undefined;
  /** A token the server refused: not tried again. */
  private refusedToken: string | null = null;
  private current: PushStatus = 'idle';
  private readonly set: (callback: () => void, ms: number) => unknown;
  private readonly clear: (handle: unknown) => void;

  constructor(private readonly options: PushClientOptions) {
    this.set = options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
    this.clear = options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  get status(): PushStatus {
    return this.current;
  }

  /** The vehicles watched now, in order. */
  get watched(): number[] {
    return [...this.listeners.keys()].sort((a, b) => a - b);
  }

  /** Hears a vehicle's positions and presence until the answered function is called. */
  watch(vehicleId: number, listener: (message: VehiclePush) => void): () => void {
    return this.listen(this.listeners, vehicleId, listener);
  }

  /** Hears every new incident in the caller's scope until the answered function is called. */
  watchIncidents(listener: (message: IncidentPush) => void): () => void {
    this.incidentListeners.add(listener);
    this.queueSync();
    return () => {
      if (!this.incidentListeners.delete(listener)) return;
      this.queueSync();
    };
  }

  /** Hears the upload states of one incident's evidence until the answered function is called. */
  watchUploads(eventId: number, listener: (message: UploadPush) => void): () => void {
    return this.listen(this.uploadListeners, eventId, listener);
  }

  /** Adds a listener under a key (a vehicle, an incident); the answered function removes it, and the key with its last one. */
  private listen<L>(byKey: Map<number, Set<L>>, key: number, listener: L): () => void {
    const forKey = byKey.get(key) ?? new Set<L>();
    forKey.add(listener);
    byKey.set(key, forKey);
    this.queueSync();
    return () => {
      const set = byKey.get(key);
      if (!set?.delete(listener)) return;
      if (set.size === 0) byKey.delete(key);
      this.queueSync();
    };
  }

  /** Hears the alarms of one type (S.O.S, device alerts) in the caller's scope until the answered function is called (the server sends them unasked). */
  watchAlarms<T extends AlarmType>(type: T, listener: (message: Extract<AlarmPush, { type: T }>) => void): () => void {
    const forType = (message: AlarmPush) => {
      if (message.type === type) listener(message as Extract<AlarmPush, { type: T }>);
    };
    this.alarmListeners.add(forType);
    this.queueSync();
    return () => {
      if (!this.alarmListeners.delete(forType)) return;
      this.queueSync();
    };
  }

  /** Whether any page wants something from the socket. */
  private get wanted(): boolean {
    return this.listeners.size > 0 || this.incidentListeners.size > 0 || this.uploadListeners.size > 0 || this.alarmListeners.size > 0;
  }

  onStatus(listener: (status: PushStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Ends the connection and every retry (logout); a later watch opens a new one if there is a session. */
  close() {
    this.clear(this.retryTimer);
    this.clear(this.lingerTimer);
    this.retryTimer = undefined;
    this.lingerTimer = undefined;
    this.attempt = 0;
    this.drop();
    this.setStatus('idle');
  }

  /** Watches change in bursts (a page mounting several hooks): one watch message per burst. */
  private queueSync() {
    if (this.syncQueued) return;
    this.syncQueued = true;
    queueMicrotask(() => {
      this.syncQueued = false;
      this.sync();
    });
  }

  private sync() {
    if (!this.wanted) {
      // Without a session (logout) the socket goes at once; otherwise it lingers for the next page.
      if (!this.options.token()) return this.close();
      if (this.socket && this.lingerTimer === undefined) this.lingerTimer = this.set(() => this.close(), LINGER_MS);
      if (!this.socket) this.close();
      return;
    }
    this.clear(this.lingerTimer);
    this.lingerTimer = undefined;
    if (!this.socket) {
      if (this.retryTimer === undefined) this.connect();
      return;
    }
    if (this.ready) this.sendWanted();
  }

  private connect() {
    const token = this.options.token();
    if (!token || token === this.refusedToken) return this.setStatus('idle');
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const socket = this.options.createSocket(this.options.url());
    this.socket = socket;
    this.ready = false;
    this.sentWatch = undefined;
    this.sentIncidents = null;
    this.sentUploads = new Set();
    socket.onopen = () => this.send({ type: 'auth', token });
    socket.onmessage = (event) => this.receive(token, event.data);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.ready = false;
      // Refused for its session: the HTTP layer deals with the expired login; a new login opens a new socket.
      if (event.code === CLOSE_UNAUTHORISED) {
        this.refusedToken = token;
        return this.close();
      }
      this.scheduleRetry();
    };
    // An error is always followed by a close, which retries.
    socket.onerror = () => undefined;
  }

  private receive(token: string, data: unknown) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(data));
    } catch {
      return;
    }
    // Checked against its type's schema (the contract's compiled validators): a malformed push is dropped, not trusted.
    const read = readPushServerMessage(parsed);
    if (!read.ok) {
      console.warn(`push message dropped: ${read.problem}`);
      return;
    }
    const message = read.message;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.attempt = 0;
        this.setStatus('live');
        this.sendWanted();
        return;
      case 'position':
      case 'presence':
        for (const listener of this.listeners.get(message.vehicleId) ?? []) listener(message);
        return;
      case 'incident':
        for (const listener of this.incidentListeners) listener(message);
        return;
      case 'upload':
        for (const listener of this.uploadListeners.get(message.eventId) ?? []) listener(message);
        return;
      case 'sos':
      case 'deviceAlert':
      case 'deviceTask':
        for (const listener of this.alarmListeners) listener(message);
        return;
      case 'error':
        if (TOKEN_REFUSED.has(message.codeKey)) {
          // The HTTP layer handles the expired session; the socket waits for a new login.
          this.refusedToken = token;
          this.close();
        }
        return;
      default:
        return;
    }
  }

  /** The watch list (when it changed, and only with vehicles watched or once watched) and the incident feed's state. */
  private sendWanted() {
    if (this.listeners.size > 0 || this.sentWatch !== undefined) this.sendWatch();
    const incidents = this.incidentListeners.size > 0;
    // Nothing sent yet and nothing wanted: the server's default (off) stands.
    if (incidents !== (this.sentIncidents ?? false)) {
      this.sentIncidents = incidents;
      this.send({ type: 'incidents', on: incidents });
    }
    for (const eventId of this.uploadListeners.keys())
      if (!this.sentUploads.has(eventId)) this.send({ type: 'uploads', eventId, on: true });
    for (const eventId of this.sentUploads) if (!this.uploadListeners.has(eventId)) this.send({ type: 'uploads', eventId, on: false });
    this.sentUploads = new Set(this.uploadListeners.keys());
  }

  private sendWatch() {
    const vehicleIds = this.watched.slice(0, PUSH_MAX_WATCH);
    const key = vehicleIds.join(',');
    if (key === this.sentWatch) return;
    this.sentWatch = key;
    this.send({ type: 'watch', vehicleIds });
  }

  private send(message: PushClientMessage) {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private scheduleRetry() {
    if (!this.wanted || !this.options.token()) return this.close();
    this.setStatus('reconnecting');
    const delay = backoffDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.retryTimer = this.set(() => {
      this.retryTimer = undefined;
      if (this.wanted) this.connect();
      else this.setStatus('idle');
    }, delay);
  }

  /** Closes the socket without retrying. */
  private drop() {
    const socket = this.socket;
    this.socket = undefined;
    this.ready = false;
    this.sentWatch = undefined;
    this.sentIncidents = null;
    this.sentUploads = new Set();
    if (!socket) return;
    socket.onclose = null;
    socket.onmessage = null;
    socket.onopen = null;
    socket.close(1000, 'done');
  }

  private setStatus(status: PushStatus) {
    if (status === this.current) return;
    this.current = status;
    for (const listener of this.statusListeners) listener(status);
  }
}

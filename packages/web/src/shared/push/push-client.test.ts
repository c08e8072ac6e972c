import type { PushClientMessage } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import { applyPush, liveOnline } from './live-state.js';
import { backoffDelay, LINGER_MS, PushClient, type SocketLike } from './push-client.js';
import { pushUrl } from './push-singleton.js';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: PushClientMessage[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as PushClientMessage);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  /** The server or the network ends the connection. */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

/** A client with fake sockets and a hand-driven clock. */
function setUp(token: string | null = 'tok-1') {
  const sockets: FakeSocket[] = [];
  const timers: { at: number; callback: () => void; id: number }[] = [];
  let now = 0;
  let nextId = 1;
  const session = { token };
  const client = new PushClient({
    url: () => 'ws://console.test/v1/ws',
    token: () => session.token,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    setTimeout: (callback, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, callback, id });
      return id;
    },
    clearTimeout: (id) => {
      const index = timers.findIndex((timer) => timer.id === id);
      if (index >= 0) timers.splice(index, 1);
    },
    random: () => 1,
  });
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.callback();
    }
  };
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  /** The watches so far reach the newest socket, which opens and is accepted by the server. */
  const ready = async () => {
    await flush();
    last().open();
    last().receive({ type: 'ready' });
  };
  return { client, sockets, last, advance, session, ready };
}

describe('the console push client', () => {
  it('authenticates first, then watches the union of every hook’s vehicles once ready', async () => {
    const { client, last } = setUp();
    client.watch(7, () => undefined);
    client.watch(3, () => undefined);
    client.watch(7, () => undefined);
    await flush();
    const socket = last();
    expect(socket.url).toBe('ws://console.test/v1/ws');
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'tok-1' }]);
    socket.receive({ type: 'ready' });
    expect(socket.sent[1]).toEqual({ type: 'watch', vehicleIds: [3, 7] });
    expect(client.status).toBe('live');
  });

  it('keeps a vehicle watched until its last hook lets go', async () => {
    const { client, last, ready } = setUp();
    const stopA = client.watch(7, () => undefined);
    const stopB = client.watch(7, () => undefined);
    const stopC = client.watch(9, () => undefined);
    await ready();
    stopA();
    await flush();
    expect(last().sent).toHaveLength(2); // 7 is still wanted by B: no new watch list
    stopC();
    await flush();
    expect(last().sent[2]).toEqual({ type: 'watch', vehicleIds: [7] });
    stopB();
    await flush();
    expect(client.watched).toEqual([]);
  });

  it('hands positions and presence to the listeners of that vehicle only', async () => {
    const { client, last, ready } = setUp();
    const heard: number[] = [];
    client.watch(7, (push) => heard.push(push.vehicleId));
    client.watch(8, (push) => heard.push(push.vehicleId * 100));
    await ready();
    last().receive({ type: 'position', vehicleId: 7, deviceId: 1, position: { lat: 1, lng: 2, speed: 3, heading: 4, dbm: null, time: 5 } });
    last().receive({ type: 'presence', vehicleId: 9, deviceId: 2, online: false, time: 6 });
    expect(heard).toEqual([7]);
  });

  it('reconnects with growing delays and watches again after a new ready', async () => {
    const { client, sockets, last, advance, ready } = setUp();
    client.watch(7, () => undefined);
    await ready();
    last().drop();
    expect(client.status).toBe('reconnecting');
    advance(999);
    expect(sockets).toHaveLength(1);
    advance(1);
    expect(sockets).toHaveLength(2);
    last().drop(); // the server is still away
    advance(1_999);
    expect(sockets).toHaveLength(2);
    advance(1);
    expect(sockets).toHaveLength(3);
    last().open();
    last().receive({ type: 'ready' });
    expect(last().sent).toEqual([
      { type: 'auth', token: 'tok-1' },
      { type: 'watch', vehicleIds: [7] },
    ]);
  });

  it('lingers after the last hook leaves, then closes', async () => {
    const { client, last, advance, ready } = setUp();
    const stop = client.watch(7, () => undefined);
    await ready();
    stop();
    await flush();
    advance(LINGER_MS - 1);
    expect(last().closed).toBe(false);
    advance(1);
    expect(last().closed).toBe(true);
    expect(client.status).toBe('idle');
  });

  it('closes at once and does not reconnect once the session is gone (logout)', async () => {
    const { client, sockets, last, advance, session, ready } = setUp();
    const stop = client.watch(7, () => undefined);
    await ready();
    session.token = null;
    stop();
    await flush();
    expect(last().closed).toBe(true);
    client.watch(7, () => undefined);
    await flush();
    advance(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('does not retry a token the server refused', async () => {
    const { client, sockets, last, advance } = setUp();
    client.watch(7, () => undefined);
    await flush();
    last().open();
    last().receive({ type: 'error', codeKey: 'PERMISSION_TOKEN_FAIL' });
    expect(last().closed).toBe(true);
    advance(60_000);
    client.watch(8, () => undefined);
    await flush();
    expect(sockets).toHaveLength(1);
  });

  it('does not retry when the server closes the socket for its session', async () => {
    const { client, sockets, last, advance, session } = setUp();
    client.watch(7, () => undefined);
    await flush();
    last().open();
    last().drop(4401);
    advance(60_000);
    expect(sockets).toHaveLength(1);
    // A new login (another token) connects again.
    session.token = 'tok-2';
    client.watch(8, () => undefined);
    await flush();
    expect(sockets).toHaveLength(2);
  });

  it('asks for incidents while a page listens, hands them over, and turns them off when it leaves', async () => {
    const { client, last, ready } = setUp();
    const heard: number[] = [];
    const stopVehicle = client.watch(7, () => undefined);
    const stopFeed = client.watchIncidents((incident) => heard.push(incident.eventId));
    await ready();
    expect(last().sent.slice(1)).toEqual([
      { type: 'watch', vehicleIds: [7] },
      { type: 'incidents', on: true },
    ]);
    last().receive({ type: 'incident', eventId: 42, incidentType: 'collision', triggerTime: 1, vehicleId: 7 });
    last().receive({ type: 'position', vehicleId: 7, deviceId: 1, position: { lat: 1, lng: 2, speed: 3, heading: 4, dbm: null, time: 5 } });
    expect(heard).toEqual([42]);
    stopFeed();
    await flush();
    expect(last().sent[3]).toEqual({ type: 'incidents', on: false });
    stopVehicle();
  });

  it('keeps the socket open for the incident feed alone and asks again after a reconnect', async () => {
    const { client, last, advance, ready } = setUp();
    client.watchIncidents(() => undefined);
    await ready();
    expect(last().sent).toEqual([
      { type: 'auth', token: 'tok-1' },
      { type: 'incidents', on: true },
    ]);
    last().drop();
    advance(1_000);
    last().open();
    last().receive({ type: 'ready' });
    expect(last().sent).toEqual([
      { type: 'auth', token: 'tok-1' },
      { type: 'incidents', on: true },
    ]);
  });

  it('hands each alarm to the listeners of its type, unasked, and closes when the last one leaves', async () => {
    const { client, last, advance, ready } = setUp();
    const sos: string[] = [];
    const alerts: string[] = [];
    const stopSos = client.watchAlarms('sos', (message) => sos.push(message.state));
    const stopAlerts = client.watchAlarms('deviceAlert', (message) => alerts.push(message.change));
    await ready();
    // Nothing to ask for: the server sends alarms to every signed-in socket.
    expect(last().sent).toEqual([{ type: 'auth', token: 'tok-1' }]);
    last().receive({ type: 'deviceAlert', change: 'raised', deviceId: 3 });
    last().receive({
      type: 'sos',
      state: 'started',
      sos: {
        id: 1,
        deviceId: 3,
        deviceUuid: 'D',
        vehicleId: null,
        licensePlate: null,
        startLocalTime: null,
        startTime: 1,
        stopTime: null,
        eventId: null,
        lat: null,
        lng: null,
        state: 'active',
        closedBy: null,
        closedTime: null,
      },
    });
    expect(alerts).toEqual(['raised']);
    expect(sos).toEqual(['started']);
    stopSos();
    last().receive({ type: 'deviceAlert', change: 'cleared', deviceId: 3 });
    expect(alerts).toEqual(['raised', 'cleared']);
    stopAlerts();
    await flush();
    advance(LINGER_MS);
    expect(client.status).toBe('idle');
  });

  it('opens nothing without a session', async () => {
    const { client, sockets } = setUp(null);
    client.watch(7, () => undefined);
    await flush();
    expect(sockets).toHaveLength(0);
  });
});

describe('push back-off and address', () => {
  it('doubles up to 30 seconds, with jitter between half and all of it', () => {
    expect(backoffDelay(0, () => 1)).toBe(1_000);
    expect(backoffDelay(3, () => 1)).toBe(8_000);
    expect(backoffDelay(10, () => 1)).toBe(30_000);
    expect(backoffDelay(2, () => 0)).toBe(2_000);
  });

  it('uses wss on an https page and ws otherwise, on the same host', () => {
    expect(pushUrl({ protocol: 'https:', host: 'fleet.example.com' })).toBe('wss://fleet.example.com/v1/ws');
    expect(pushUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/v1/ws');
  });
});

describe('live vehicle state', () => {
  const position = (time: number, speed = 10) => ({ lat: 59.9, lng: 10.7, speed, heading: 90, dbm: -70, time });

  it('keeps the newest position even when pushes cross', () => {
    let state = applyPush(undefined, { type: 'position', vehicleId: 1, deviceId: 4, position: position(2_000, 50) });
    state = applyPush(state, { type: 'position', vehicleId: 1, deviceId: 4, position: position(1_000, 20) });
    expect(state.position?.speed).toBe(50);
    expect(state.devices).toEqual({ 4: true });
  });

  it('says a vehicle is online while any device is, pushed presence over what was loaded', () => {
    const loaded = [
      { deviceId: 1, online: true },
      { deviceId: 2, online: false },
    ];
    expect(liveOnline(loaded, undefined)).toBe(true);
    const off = applyPush(undefined, { type: 'presence', vehicleId: 1, deviceId: 1, online: false, time: 5 });
    expect(liveOnline(loaded, off)).toBe(false);
    const on = applyPush(off, { type: 'presence', vehicleId: 1, deviceId: 2, online: true, time: 6 });
    expect(liveOnline(loaded, on)).toBe(true);
  });
});

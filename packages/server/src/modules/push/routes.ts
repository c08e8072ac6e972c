import websocket from '@fastify/websocket';
import { PUSH_MAX_WATCH, type PushServerMessage, pushApi } from '@safety-shield/contract';
import { readPushClientMessage } from '@safety-shield/contract/push';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import type { Bus } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
import { serve } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { type Chain, chainInScope } from '../../http/scope.js';
import type { Sessions } from '../account/index.js';
import { incidentVisible } from '../incidents/index.js';
import { watchableVehicles } from './repo.js';

/** How often a connection's session is checked again: a logout or time-out closes the socket within this. */
const RECHECK_MS = 30_000;
/** A socket that has not authenticated by then is closed. */
const AUTH_TIMEOUT_MS = 10_000;

const send = (socket: WebSocket, message: PushServerMessage) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

/** Which sockets watch which vehicle: one bus listener serves every socket. */
class Watchers {
  private readonly byVehicle = new Map<number, Set<WebSocket>>();
  private readonly bySocket = new Map<WebSocket, number[]>();

  set(socket: WebSocket, vehicleIds: number[]) {
    this.drop(socket);
    this.bySocket.set(socket, vehicleIds);
    for (const id of vehicleIds) {
      const sockets = this.byVehicle.get(id) ?? new Set<WebSocket>();
      sockets.add(socket);
      this.byVehicle.set(id, sockets);
    }
  }

  drop(socket: WebSocket) {
    for (const id of this.bySocket.get(socket) ?? []) {
      const sockets = this.byVehicle.get(id);
      sockets?.delete(socket);
      if (sockets?.size === 0) this.byVehicle.delete(id);
    }
    this.bySocket.delete(socket);
  }

  each(vehicleId: number, message: PushServerMessage) {
    const sockets = this.byVehicle.get(vehicleId);
    if (!sockets) return;
    const text = JSON.stringify(message);
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(text);
  }
}

/** The console's WebSocket (`/v1/ws`): live positions and presence of the vehicles a page watches, no polling. */
export const pushRoutes: FastifyPluginAsync<{ db: Db; sessions: Sessions; bus: Bus }> = async (app, { db, sessions, bus }) => {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const watchers = new Watchers();
  /** Sockets that asked for new incidents, with whom they speak for. */
  const incidentFeeds = new Map<WebSocket, Principal>();
  /** Sockets following the evidence uploads of some incidents (at most PUSH_MAX_WATCH each). */
  const uploadFeeds = new Map<WebSocket, { principal: Principal; incidentIds: Set<number> }>();
  /** Every signed-in socket: an S.O.S is an alarm, pushed to all in scope without asking. */
  const signedIn = new Map<WebSocket, Principal>();
  /** Alarms go to every signed-in socket whose scope covers the chain, unasked. */
  const toSignedIn = (message: PushServerMessage, chain: Chain) => {
    const text = JSON.stringify(message);
    for (const [socket, principal] of signedIn) {
      if (socket.readyState === socket.OPEN && chainInScope(principal, chain)) socket.send(text);
    }
  };
  const stops = [
    bus.subscribe('position', (event) => watchers.each(event.vehicleId, { type: 'position', ...event })),
    bus.subscribe('presence', (event) => {
      if (event.vehicleId !== null) watchers.each(event.vehicleId, { type: 'presence', ...event, vehicleId: event.vehicleId });
    }),
    // The console's message speaks the wire's words: eventId, incidentType, triggerTime.
    bus.subscribe('incident', ({ incidentId, type, triggerAt, vehicleId, ...chain }) => {
      const text = JSON.stringify({
        type: 'incident',
        eventId: incidentId,
        incidentType: type,
        triggerTime: triggerAt,
        vehicleId,
      } satisfies PushServerMessage);
      for (const [socket, principal] of incidentFeeds) {
        if (socket.readyState === socket.OPEN && chainInScope(principal, chain)) socket.send(text);
      }
    }),
    bus.subscribe('upload', ({ incidentId, resourceId, state, taskId, ...chain }) => {
      const text = JSON.stringify({
        type: 'upload',
        eventId: incidentId,
        resourceId,
        state,
        ...(taskId ? { taskId } : {}),
      } satisfies PushServerMessage);
      for (const [socket, feed] of uploadFeeds) {
        if (socket.readyState === socket.OPEN && feed.incidentIds.has(incidentId) && chainInScope(feed.principal, chain)) socket.send(text);
      }
    }),
    bus.subscribe('sos', ({ state, sos, ...chain }) => toSignedIn({ type: 'sos', state, sos }, chain)),
    bus.subscribe('deviceAlert', ({ change, deviceId, ...chain }) => toSignedIn({ type: 'deviceAlert', change, deviceId }, chain)),
    bus.subscribe('deviceTask', ({ taskId, state, counts, ...chain }) => toSignedIn({ type: 'deviceTask', taskId, state, counts }, chain)),
  ];
  app.addHook('onClose', async () => {
    for (const stop of stops) stop();
  });

  serve(app, pushApi, {
    socket: (socket) => {
      let principal: Principal | null = null;
      let token = '';
      const authTimer = setTimeout(() => {
        if (!principal) socket.close(4401, 'PERMISSION_TOKEN_MISSING');
      }, AUTH_TIMEOUT_MS);
      // A session that ended (logout, time-out, suspension) closes the socket.
      const recheck = setInterval(() => {
        if (!principal) return;
        sessions.resolve(token, false).catch((error: unknown) => {
          send(socket, { type: 'error', codeKey: error instanceof AppError ? error.codeKey : 'PERMISSION_TOKEN_FAIL' });
          socket.close(4401, 'session ended');
        });
      }, RECHECK_MS);

      socket.on('message', async (raw) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(raw));
        } catch {
          return send(socket, { type: 'error', codeKey: 'PARAM_CHECK_FAIL' });
        }
        // Each message is checked against its type's schema (docs/websocket.md); a malformed one is answered
        // PARAM_CHECK_FAIL, or closes a socket that has not authenticated.
        const read = readPushClientMessage(parsed);
        if (!read.ok) {
          if (!principal) return socket.close(4401, 'PERMISSION_TOKEN_MISSING');
          return send(socket, { type: 'error', codeKey: 'PARAM_CHECK_FAIL' });
        }
        const message = read.message;
        try {
          if (message.type === 'auth') {
            principal = await sessions.resolve(message.token);
            token = message.token;
            signedIn.set(socket, principal);
            clearTimeout(authTimer);
            return send(socket, { type: 'ready' });
          }
          if (!principal) return socket.close(4401, 'PERMISSION_TOKEN_MISSING');
          if (message.type === 'watch') {
            const wanted = [...new Set(message.vehicleIds)].slice(0, PUSH_MAX_WATCH);
            const allowed = await watchableVehicles(db, principal, wanted);
            watchers.set(socket, allowed);
            return send(socket, { type: 'watching', vehicleIds: allowed, refused: wanted.filter((id) => !allowed.includes(id)) });
          }
          if (message.type === 'incidents') {
            if (message.on) incidentFeeds.set(socket, principal);
            else incidentFeeds.delete(socket);
            return;
          }
          if (message.type === 'uploads') {
            const feed = uploadFeeds.get(socket) ?? { principal, incidentIds: new Set<number>() };
            if (!message.on) {
              feed.incidentIds.delete(message.eventId);
              return;
            }
            if (!(await incidentVisible(db, principal, message.eventId)))
              return send(socket, { type: 'error', codeKey: 'PERMISSION_CHECK_FAIL' });
            if (feed.incidentIds.size >= PUSH_MAX_WATCH) return send(socket, { type: 'error', codeKey: 'PARAM_CHECK_FAIL' });
            feed.principal = principal;
            feed.incidentIds.add(message.eventId);
            uploadFeeds.set(socket, feed);
            return;
          }
          send(socket, { type: 'error', codeKey: 'PARAM_CHECK_FAIL' });
        } catch (error) {
          send(socket, { type: 'error', codeKey: error instanceof AppError ? error.codeKey : 'SERVER_EXCEPTION' });
          if (!principal) socket.close(4401, 'PERMISSION_TOKEN_FAIL');
        }
      });
      socket.on('close', () => {
        clearTimeout(authTimer);
        clearInterval(recheck);
        watchers.drop(socket);
        incidentFeeds.delete(socket);
        uploadFeeds.delete(socket);
        signedIn.delete(socket);
      });
    },
  });
};

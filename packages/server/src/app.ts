import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { apiEndpoints, TAG } from '@safety-shield/contract';
import { PushClientMessage, PushServerMessage } from '@safety-shield/contract/push';
import Ajv from 'ajv';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { type Bus, localBus } from './bus/bus.js';
import { type Counters, memoryCounters } from './bus/counters.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { composeDeviceIntake } from './device-intake.js';
import { type DeviceCommands, DevicePort, type IngestOptions } from './device-port/index.js';
import { registerAuth } from './http/auth.js';
import { registerContractCheck } from './http/contract-check.js';
import { frameworkErrorOptions, loggableError, registerErrorHandling } from './http/error-handler.js';
import { registerRateLimits } from './http/rate-limit.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSerializer } from './http/serializer.js';
import { logStream } from './log-stream.js';
import { createMailer } from './mail/mailer.js';
import { accountModule, Sessions } from './modules/account/index.js';
import { ClauseService, clauseModule, registerClauseGate } from './modules/clauses/index.js';
import { coachingModule } from './modules/coaching/index.js';
import { dashboardModule } from './modules/dashboard/index.js';
import { deviceAlertModule } from './modules/device-alerts/index.js';
import { deviceConfigModule } from './modules/device-config/index.js';
import { deviceLockModule } from './modules/device-locks/index.js';
import { deviceTaskModule } from './modules/device-tasks/index.js';
import { deviceModule } from './modules/devices/index.js';
import { driverTextModule } from './modules/driver-texts/index.js';
import { dvrModule } from './modules/dvr/index.js';
import { firmwareModule } from './modules/firmware/index.js';
import { healthModule } from './modules/health/index.js';
import { incidentModule } from './modules/incidents/index.js';
import { jt808TerminalModule } from './modules/jt808-terminals/index.js';
import { liveModule } from './modules/live/index.js';
import { logModule, registerOperationLog } from './modules/logs/index.js';
import { orgModule } from './modules/orgs/index.js';
import { pushRoutes } from './modules/push/index.js';
import { reportScheduleModule } from './modules/report-schedules/index.js';
import { reportsModule } from './modules/reports/index.js';
import { runtimeLogModule } from './modules/runtime-logs/index.js';
import { safetyScoreModule } from './modules/safety-score/index.js';
import { sosModule } from './modules/sos/index.js';
import { ssoModule } from './modules/sso/index.js';
import { statisticsModule } from './modules/statistics/index.js';
import { registerApiCallMetering, subscriptionModule, UsageMeter } from './modules/subscriptions/index.js';
import { Maintenance, registerMaintenanceGate, systemModule } from './modules/system/index.js';
import { vehicleModule } from './modules/vehicles/index.js';
import { releaseTime } from './release.js';
import { createObjectStore } from './storage/create-object-store.js';
import { ObjectSigner } from './storage/signed-urls.js';
import { registerWeb } from './web.js';

export type AppConfig = Pick<
  Config,
  'adminPassword' | 'sessionIdleMinutes' | 'captchaComplexity' | 'logLevel' | 'secretKey' | 'rateLoginPerMinute' | 'rateWritesPerSecond'
> &
  Partial<
    Pick<
      Config,
      | 'logFormat'
      | 'smtpUrl'
      | 'mailFrom'
      | 'mapTileUrl'
      | 'mapAttribution'
      | 'dataDir'
      | 's3'
      | 'publicUrl'
      | 'media'
      | 'mqttClientId'
      | 'port'
      | 'trustProxy'
      | 'statisticsRollup'
      | 'reportSchedules'
      | 'jt808'
    >
  >;

/** Parts main.ts builds around the app: the bus between the nodes, and the device port its adapters attach to. */
export interface AppParts {
  logger?: boolean;
  /** A logger of the caller's instead (tests keep its lines). */
  log?: FastifyBaseLogger;
  bus?: Bus;
  /** Counts every node shares (rate limits, failed logins of unknown usernames): Redis with several nodes. */
  counters?: Counters;
  /**
   * What the portal can tell devices: the DevicePort the node's device adapters attach to (main.ts starts them once the
   * app is built). Default: a port of its own, which no adapter serves.
   */
  deviceCommands?: DeviceCommands;
  /** Tuning of the position writer (defaults: 50 ms, 5,000 points, 50,000 pending). */
  positions?: Partial<IngestOptions>;
}

/** Log lines never carry tokens, cookies, passwords or query strings (SPEC section 5 puts a password in one). */
export const loggerOptions = {
  redact: ['req.headers["x-token"]', 'req.headers.cookie', 'req.headers.authorization'],
  serializers: {
    req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: req.url.split('?')[0], ip: req.ip }),
    // An error's class and codes, never its message: a failed query's message holds its statement and parameters.
    err: loggableError,
  },
} satisfies FastifyServerOptions['logger'];

/**
 * Query strings and paths are text, so their values are coerced (`?page=2`, a repeated key into an array);
 * JSON bodies are typed already and are taken as sent: coercion would turn a null quota into 0.
 */
const validators = {
  url: new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: false, strict: false }),
  body: new Ajv({ coerceTypes: false, useDefaults: true, removeAdditional: false, strict: false }),
};

/**
 * Builds the whole portal without listening: tests call it and use `app.inject`. The app owns what every route goes
 * through (docs, errors, the contract check, auth and the gates) and the platform the modules share; each domain module
 * is one plugin that builds its services from the platform and registers its routes, listed in dependency order (a
 * module's `dependencies` name the modules whose services it reads from `app`).
 */
/** How long requests under way may take to finish once the portal is closing. */
const CLOSE_GRACE_MS = 5_000;

export async function buildApp(config: AppConfig, database: Database, options: AppParts = {}) {
  const app = Fastify({
    ...(options.log
      ? { loggerInstance: options.log }
      : {
          logger:
            options.logger === false ? false : { ...loggerOptions, level: config.logLevel, stream: await logStream(config.logFormat) },
        }),
    // A proxy in front may forward the caller's address; no body is ever larger than this.
    bodyLimit: 1024 * 1024,
    // Signed evidence URLs carry their grant in the path (`/objects/{token}`).
    routerOptions: { maxParamLength: 2048 },
    trustProxy: config.trustProxy ?? false,
    ...frameworkErrorOptions,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? validators.body : validators.url).compile(schema));
  registerSerializer(app);
  registerSecurityHeaders(app, config.mapTileUrl === undefined ? null : config.mapTileUrl);

  const { db } = database;
  const bus = options.bus ?? localBus();
  /** What the modules share; each module's options type names the parts it takes. */
  const platform = {
    config,
    db,
    bus,
    counters: options.counters ?? memoryCounters(),
    deviceCommands: options.deviceCommands ?? new DevicePort(db),
    /** The portal's address as devices reach it (upload and download links); read at each link, as the port is known only once the app listens. */
    publicUrl: () =>
      config.publicUrl ?? `http://127.0.0.1:${(app.server.address() as { port: number } | null)?.port ?? config.port ?? 8080}`,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir ?? path.resolve('data'), 'outbox'),
      from: config.mailFrom ?? 'Safety Shield <no-reply@safety-shield.local>',
      log: app.log,
    }),
    store: createObjectStore(config),
    signer: new ObjectSigner(config.secretKey),
    map: { tileUrl: config.mapTileUrl === undefined ? null : config.mapTileUrl, attribution: config.mapAttribution ?? '' },
    // What the hooks below read on every call; the modules of the same names serve them.
    sessions: new Sessions(db, config.sessionIdleMinutes * 60_000, bus),
    maintenance: new Maintenance(db),
    usage: new UsageMeter(db),
    clauses: new ClauseService(db),
  };

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Safety Shield API',
        version: releaseTime,
        description: 'Every JSON response is an envelope { code, msg, codeKey, data }.',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Token' } },
        // The messages of the console's WebSocket (`GET /v1/ws`), which has no request or response body of its own.
        schemas: { PushClientMessage, PushServerMessage },
      },
      // Groups in the contract's order (signing in first), not in the order the modules happen to register.
      tags: [...new Set(Object.values(apiEndpoints).map((group) => group[TAG]))].map((name) => ({ name })),
      security: [{ token: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  // Before any module: a route plugin sees only the hooks registered before it. Within a stage they run in this order.
  registerErrorHandling(app);
  app.decorate('contract', registerContractCheck(app));
  registerAuth(app, platform.sessions);
  registerOperationLog(app, db);
  registerMaintenanceGate(app, platform.maintenance);
  registerApiCallMetering(app, platform.usage);
  registerClauseGate(app, platform.clauses);
  registerRateLimits(app, { loginPerMinute: config.rateLoginPerMinute, writesPerSecond: config.rateWritesPerSecond }, platform.counters);

  await app.register(healthModule);
  await app.register(orgModule, platform);
  await app.register(accountModule, platform);
  await app.register(ssoModule, platform);
  await app.register(logModule, platform);
  await app.register(clauseModule, platform);
  await app.register(systemModule, platform);
  await app.register(subscriptionModule, platform);
  await app.register(vehicleModule, platform);
  await app.register(deviceModule, platform);
  await app.register(deviceAlertModule, platform);
  await app.register(deviceTaskModule, platform);
  await app.register(deviceConfigModule, { ...platform, secretKey: config.secretKey });
  await app.register(runtimeLogModule, platform);
  await app.register(deviceLockModule, platform);
  await app.register(driverTextModule, platform);
  await app.register(jt808TerminalModule, platform);
  await app.register(firmwareModule, platform);
  await app.register(incidentModule, platform);
  await app.register(coachingModule, platform);
  await app.register(dashboardModule, platform);
  await app.register(statisticsModule, platform);
  await app.register(safetyScoreModule, platform);
  await app.register(reportsModule, platform);
  await app.register(reportScheduleModule, platform);
  await app.register(pushRoutes, { db, sessions: platform.sessions, bus: platform.bus });
  await app.register(sosModule, platform);
  await app.register(liveModule, platform);
  await app.register(dvrModule, platform);
  app.decorate('deviceIntake', composeDeviceIntake(app, { db, bus, positions: options.positions }));
  // Last: the console's files and the not-found answer for everything the modules did not claim.
  await registerWeb(app);
  // A connection that never finishes a request (a client that connected and went quiet) would hold the close until
  // the server's header timeout; after a grace period for the requests under way, every connection still open is cut.
  app.addHook('preClose', async () => {
    setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS).unref();
  });
  return app;
}

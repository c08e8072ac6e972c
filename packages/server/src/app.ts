import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Ajv from 'ajv';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { type Bus, localBus } from './events/bus.js';
import { registerAuth } from './http/auth.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerRateLimits } from './http/rate-limit.js';
import { scheduleLeaseExpiry } from './jobs/lease-expiry.js';
import { scheduleRetention } from './jobs/retention.js';
import { createMailer } from './mail/mailer.js';
import { ApiTokens } from './modules/account/api-tokens.js';
import { ensureSuperAdmin } from './modules/account/bootstrap.js';
import { Captcha } from './modules/account/captcha.js';
import { credentialRoutes } from './modules/account/credential-routes.js';
import { GoogleAuth } from './modules/account/google-auth.js';
import { accountRoutes } from './modules/account/routes.js';
import { AccountService } from './modules/account/service.js';
import { Sessions } from './modules/account/sessions.js';
import { registerClauseGate } from './modules/clauses/gate.js';
import { clauseRoutes } from './modules/clauses/routes.js';
import { ClauseService } from './modules/clauses/service.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { DashboardService } from './modules/dashboard/service.js';
import { deviceAlertRoutes } from './modules/device-alerts/routes.js';
import { DeviceAlertService } from './modules/device-alerts/service.js';
import { deviceRoutes } from './modules/devices/routes.js';
import { DeviceService } from './modules/devices/service.js';
import { startDvr } from './modules/dvr/setup.js';
import { evidenceReceived, evidenceRefused } from './modules/events/evidence.js';
import { eventMapRoutes } from './modules/events/map-routes.js';
import { IncidentNotifier } from './modules/events/notify.js';
import { evidenceRequestRoutes } from './modules/events/requests/routes.js';
import { EvidenceRequestService } from './modules/events/requests/service.js';
import { resourceRoutes } from './modules/events/resource-routes.js';
import { eventRoutes } from './modules/events/routes.js';
import { IncidentService } from './modules/events/service.js';
import { shareRoutes } from './modules/events/share-routes.js';
import { TagService } from './modules/events/tags.js';
import { healthRoutes } from './modules/health/routes.js';
import { startLive } from './modules/live/setup.js';
import { registerOperationLog } from './modules/logs/recorder.js';
import { logRoutes } from './modules/logs/routes.js';
import { orgRoutes } from './modules/orgs/routes.js';
import { OrgService } from './modules/orgs/service.js';
import { pushRoutes } from './modules/push/routes.js';
import { sosRoutes } from './modules/sos/routes.js';
import { SosService } from './modules/sos/service.js';
import { subscriptionRoutes } from './modules/subscriptions/routes.js';
import { SubscriptionService } from './modules/subscriptions/service.js';
import { registerApiCallMetering, UsageMeter } from './modules/subscriptions/usage-meter.js';
import { Maintenance, maintenanceRoutes, registerMaintenanceGate } from './modules/system/maintenance.js';
import { Sealer } from './modules/system/sealing.js';
import { BindingService } from './modules/vehicles/binding.js';
import { VehicleEmailService } from './modules/vehicles/emails.js';
import { vehicleRoutes } from './modules/vehicles/routes.js';
import { VehicleService } from './modules/vehicles/service.js';
import { releaseTime } from './release.js';
import { createObjectStore } from './storage/create-object-store.js';
import { objectRoutes } from './storage/routes.js';
import { ObjectSigner } from './storage/signed-urls.js';
import { registerWeb } from './web.js';

export type AppConfig = Pick<
  Config,
  'adminPassword' | 'sessionIdleMinutes' | 'captchaComplexity' | 'logLevel' | 'secretKey' | 'rateLoginPerMinute' | 'rateWritesPerSecond'
> &
  Partial<
    Pick<Config, 'smtpUrl' | 'mailFrom' | 'mapTileUrl' | 'mapAttribution' | 'dataDir' | 's3' | 'publicUrl' | 'media' | 'mqttClientId'>
  >;

/** Parts main.ts builds around the app: the event bus shared with the device gateway, and the gateway's cache hook. */
export interface AppParts {
  logger?: boolean;
  bus?: Bus;
  /** A device's binding changed or it was deleted: the gateway drops what it cached about it. */
  forgetDevice?: (deviceId: number) => void;
}

/** Log lines never carry tokens, cookies, passwords or query strings (SPEC section 5 puts a password in one). */
const logger = {
  redact: ['req.headers["x-token"]', 'req.headers.cookie', 'req.headers.authorization'],
  serializers: {
    req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: req.url.split('?')[0], ip: req.ip }),
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

/** Builds the whole portal without listening: tests call it and use `app.inject`. */
export async function buildApp(config: AppConfig, database: Database, options: AppParts = {}) {
  const app = Fastify({
    logger: options.logger === false ? false : { ...logger, level: config.logLevel },
    // A proxy in front may forward the caller's address; no body is ever larger than this.
    bodyLimit: 1024 * 1024,
    // Signed evidence URLs carry their grant in the path (`/objects/{token}`).
    routerOptions: { maxParamLength: 2048 },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? validators.body : validators.url).compile(schema));

  const { db } = database;
  const sessions = new Sessions(db, config.sessionIdleMinutes * 60_000);
  const captcha = await Captcha.open(db, config.captchaComplexity);
  // Organisation changes show in selfInfo; the callback reaches the account service built just after.
  const orgs = new OrgService(db, sessions, () => accounts.forgetSelfInfo());
  const googleAuth = new GoogleAuth(db, new Sealer(config.secretKey));
  const accounts = new AccountService(db, captcha, sessions, orgs, googleAuth);
  const apiTokens = new ApiTokens(db, sessions);
  const clauses = new ClauseService(db);
  const maintenance = new Maintenance(db);
  // A new or changed subscription shows on this node's dashboards at once (the service is built below).
  const subscriptions = new SubscriptionService(db, () => dashboard.forgetAll());
  const usage = new UsageMeter(db);
  const bus = options.bus ?? localBus();
  const forgetDevice = options.forgetDevice ?? (() => {});
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir ?? path.resolve('data'), 'outbox'),
    from: config.mailFrom ?? 'Safety Shield <no-reply@safety-shield.local>',
    log: app.log,
  });
  const binding = new BindingService(db, forgetDevice);
  const vehicles = new VehicleService(db, orgs, binding);
  const vehicleEmails = new VehicleEmailService(db, mailer);
  const devices = new DeviceService(db, orgs, forgetDevice);
  const objectStore = createObjectStore(config);
  const incidents = new IncidentService(db, objectStore);
  // A new incident on any node changes the counts of the lists it appears in.
  bus.subscribe('incident', (arrived) => incidents.totals.forget(arrived));
  const objectSigner = new ObjectSigner(config.secretKey);
  const tagService = new TagService(db, orgs);
  await ensureSuperAdmin(db, config.adminPassword, app.log);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Safety Shield API',
        version: releaseTime,
        description: 'Every JSON response is an envelope { code, msg, codeKey, data }.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Token' } } },
      security: [{ token: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  registerErrorHandling(app);
  registerAuth(app, sessions);
  registerOperationLog(app, db);
  registerMaintenanceGate(app, maintenance);
  registerApiCallMetering(app, usage);
  registerClauseGate(app, clauses);
  registerRateLimits(app, { loginPerMinute: config.rateLoginPerMinute, writesPerSecond: config.rateWritesPerSecond });
  await app.register(healthRoutes);
  await app.register(accountRoutes, { captcha, sessions, accounts, clauses });
  await app.register(credentialRoutes, { accounts, googleAuth, apiTokens });
  await app.register(orgRoutes, { db, orgs });
  await app.register(logRoutes, { db });
  await app.register(clauseRoutes, { db, clauses });
  await app.register(maintenanceRoutes, { maintenance });
  await app.register(subscriptionRoutes, { db, subscriptions });
  const map = { tileUrl: config.mapTileUrl === undefined ? null : config.mapTileUrl, attribution: config.mapAttribution ?? '' };
  await app.register(vehicleRoutes, { db, vehicles, binding, emails: vehicleEmails, map });
  await app.register(deviceRoutes, { db, devices });
  const alerts = new DeviceAlertService(db, bus);
  await app.register(deviceAlertRoutes, { alerts });
  await app.register(eventRoutes, { db, incidents, tagService, objectSigner });
  const evidenceRequests = new EvidenceRequestService(db, bus, app.log);
  app.decorate('evidenceRequests', evidenceRequests);
  await app.register(evidenceRequestRoutes, { requests: evidenceRequests });
  await app.register(resourceRoutes, { db, store: objectStore, objectSigner });
  await app.register(shareRoutes, { db, secretKey: config.secretKey, objectSigner, map });
  await app.register(eventMapRoutes, { db });
  const dashboard = new DashboardService(db);
  // A new incident on any node changes the dashboard figures of the views it is in.
  bus.subscribe('incident', (arrived) => dashboard.forget(arrived));
  // A device alert raised, cleared or handled on any node changes the badge and the maintenance figures of its views.
  bus.subscribe('deviceAlert', (change) => {
    alerts.counts.forget(change);
    dashboard.forget(change);
  });
  await app.register(dashboardRoutes, { dashboard });
  await app.register(objectRoutes, {
    store: objectStore,
    signer: objectSigner,
    uploaded: async (grant, stored) => {
      const moved = await evidenceReceived(db, grant, stored);
      if (moved) await evidenceRequests.moved(moved);
    },
    refused: async (grant, reason) => {
      const moved = await evidenceRefused(db, grant, reason);
      if (moved) await evidenceRequests.moved(moved);
    },
  });
  await app.register(pushRoutes, { db, sessions, bus });
  await app.register(sosRoutes, { sos: new SosService(db, bus) });
  app.decorate('live', await startLive(app, db, usage, config));
  app.decorate('dvr', await startDvr(app, db, app.live, evidenceRequests));
  scheduleLeaseExpiry(app, vehicles);
  scheduleRetention(app, db, objectStore);
  const notifier = new IncidentNotifier(db, mailer, app.log);
  app.decorate('incidentArrived', (incidentId: number) => notifier.arrived(incidentId));
  await registerWeb(app);
  return app;
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Every environment variable the server reads, typed, with its default. The README's table mirrors this. */
export interface Config {
  port: number;
  host: string;
  /** The portal's address as devices reach it (evidence upload URLs); default http://127.0.0.1:PORT. */
  publicUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL server; without it the embedded PGlite under `dataDir/db` is used. */
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  /** LOG_FORMAT: one coloured line per event for a person at a terminal, JSON lines for a log collector. */
  logFormat: 'pretty' | 'json';
  /** Sessions expire after this many minutes without a request. */
  sessionIdleMinutes: number;
  /** Upper bound of the robot check's proof-of-work counter: the browser tries about half of it on average. */
  captchaComplexity: number;
  /** Login attempts per client address and minute (0: no limit). */
  rateLoginPerMinute: number;
  /** Writes per account and second (0: no limit). */
  rateWritesPerSecond: number;
  /** Seals secrets at rest (Google Authenticator seeds): SECRET_KEY, else DATA_DIR/secret.key made on first start. */
  secretKey: Buffer;
  /** The embedded MQTT broker's port (0: any free one); ignored when MQTT_URL names an external broker. */
  mqttPort: number;
  mqttUrl: string | undefined;
  /** With MQTT_URL: this node's client id at the broker, stable across restarts and unique per node (default from the host name). */
  mqttClientId: string | undefined;
  /** With MQTT_URL: the shared-subscription group of this deployment's nodes (default safety-shield; one per deployment on a broker). */
  mqttShareGroup: string | undefined;
  /** With MQTT_URL: how long the broker keeps this node's session and queued messages while it is away (default 3600). */
  mqttSessionExpirySeconds: number;
  /** The JT/T 808 listener (docs/jt808.md): its port (0: any free one) and who may register. */
  jt808: {
    port: number;
    registration: 'open' | 'listed';
    /** The active-safety attachment listener (0: any free one), and where terminals reach it when not where they reached the node. */
    attachmentPort: number;
    attachmentAddress: string | undefined;
  };
  /** Redis for events between portal nodes (live positions reach consoles on every node); without it, in-process. */
  redisUrl: string | undefined;
  /** With REDIS_URL: the prefix of the deployment's channels (REDIS_PREFIX), so deployments sharing a Redis never hear each other. */
  redisPrefix: string;
  /** Real SMTP (smtp://user:pass@host:port); without it e-mails go to DATA_DIR/outbox as .eml files. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Map tiles ({z}/{x}/{y}); empty: maps are drawn without tiles (no tile server reachable). */
  mapTileUrl: string | null;
  mapAttribution: string;
  /** Evidence in an S3-compatible store (S3_ENDPOINT and S3_BUCKET); without it, files under `dataDir/objects`. */
  s3: S3Config | undefined;
  /** Live video: the embedded RTMP → HTTP-FLV server, or an external one (MEDIA_URL). */
  media: MediaConfig;
  /** Seed a demo fleet with simulated devices into a new, empty database (DEMO=0 turns it off). */
  demo: boolean;
  /** Run the statistics rollup job on this node (STATISTICS_ROLLUP=0 turns it off: a node that only answers, a benchmark). */
  statisticsRollup: boolean;
  /** Send the scheduled reports from this node (REPORT_SCHEDULES=0 turns it off; each delivery is claimed by one node). */
  reportSchedules: boolean;
  production: boolean;
  /**
   * TRUST_PROXY: the proxies whose X-Forwarded-For/-Proto headers count (`true` for any; addresses or CIDRs, comma
   * separated). Behind a TLS proxy it makes an HTTPS request known as one (HSTS, the caller's address in the logs).
   */
  trustProxy: boolean | string;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  /** Without keys the AWS SDK's own chain answers (AWS_* variables, an instance or task role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `host/bucket/key` addresses (MinIO, Ceph, most self-hosted stores) rather than `bucket.host/key`. */
  forcePathStyle: boolean;
}

export interface MediaConfig {
  /** The embedded media server's RTMP port (MEDIA_RTMP_PORT, default 1935; 0: any free one); unused with MEDIA_URL. */
  rtmpPort: number;
  /** The address the embedded RTMP listener binds (HOST). */
  host: string;
  /** Where devices publish (MEDIA_RTMP_URL, `rtmp://host:port`); default the embedded server at PUBLIC_URL's host. */
  rtmpUrl: string | undefined;
  /** An external media server's HTTP-FLV base (MEDIA_URL); without it the embedded one serves `/media/live` under the portal. */
  externalUrl: string | undefined;
  /** A stream nobody watches for this long is stopped on the device (LIVE_IDLE_SECONDS, default 60). */
  idleMs: number;
}

function loadS3(): S3Config | undefined {
  const endpoint = process.env.S3_ENDPOINT;
  if (!endpoint) return undefined;
  const bucket = process.env.S3_BUCKET;
  if (!bucket) throw new Error('S3_BUCKET must name the evidence bucket when S3_ENDPOINT is set');
  const accessKeyId = process.env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = process.env.S3_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
  const pathStyle = process.env.S3_FORCE_PATH_STYLE ?? '';
  if (!['', '0', '1', 'true', 'false'].includes(pathStyle)) throw new Error(`S3_FORCE_PATH_STYLE must be 1 or 0, got "${pathStyle}"`);
  return {
    endpoint,
    bucket,
    region: process.env.S3_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle !== '0' && pathStyle !== 'false',
  };
}

/** SECRET_KEY is base64 of 32 bytes; every portal node sharing a database needs the same one. */
function loadSecretKey(dataDir: string): Buffer {
  const raw = process.env.SECRET_KEY;
  if (raw) {
    const key = Buffer.from(raw, 'base64');
    if (key.length !== 32) throw new Error('SECRET_KEY must be base64 of 32 bytes (openssl rand -base64 32)');
    return key;
  }
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return key;
}

function integer(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

export function loadConfig(): Config {
  const production = process.env.NODE_ENV === 'production';
  const captchaComplexity = integer('CAPTCHA_COMPLEXITY', 50_000);
  // ARCHITECTURE section 3: the robot check cannot be switched off in production.
  if (production && captchaComplexity < 1_000) throw new Error('CAPTCHA_COMPLEXITY must be ≥ 1000 in production');
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  return {
    port: integer('PORT', 8080, 0),
    host: process.env.HOST || '0.0.0.0',
    publicUrl: process.env.PUBLIC_URL || undefined,
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    adminPassword: process.env.ADMIN_PASSWORD || undefined,
    logLevel: process.env.LOG_LEVEL || 'info',
    logFormat: logFormat(),
    sessionIdleMinutes: integer('SESSION_IDLE_MINUTES', 30),
    captchaComplexity,
    rateLoginPerMinute: integer('RATE_LIMIT_LOGIN_PER_MINUTE', 30, 0),
    rateWritesPerSecond: integer('RATE_LIMIT_WRITES_PER_SECOND', 20, 0),
    secretKey: loadSecretKey(dataDir),
    mqttPort: integer('MQTT_PORT', 1883, 0),
    mqttUrl: process.env.MQTT_URL || undefined,
    mqttClientId: process.env.MQTT_CLIENT_ID || undefined,
    mqttShareGroup: process.env.MQTT_SHARE_GROUP || undefined,
    mqttSessionExpirySeconds: integer('MQTT_SESSION_EXPIRY_SECONDS', 3600, 0),
    jt808: {
      port: integer('JT808_PORT', 6808, 0),
      registration: registrationPolicy(),
      attachmentPort: integer('JT808_ATTACHMENT_PORT', 6809, 0),
      attachmentAddress: process.env.JT808_ATTACHMENT_ADDRESS || undefined,
    },
    redisUrl: process.env.REDIS_URL || undefined,
    redisPrefix: process.env.REDIS_PREFIX || 'safety-shield:',
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM || 'Safety Shield <no-reply@safety-shield.local>',
    mapTileUrl:
      process.env.MAP_TILE_URL === undefined ? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' : process.env.MAP_TILE_URL || null,
    mapAttribution: process.env.MAP_ATTRIBUTION || '© OpenStreetMap contributors',
    s3: loadS3(),
    media: {
      rtmpPort: integer('MEDIA_RTMP_PORT', 1935, 0),
      host: process.env.HOST || '0.0.0.0',
      rtmpUrl: process.env.MEDIA_RTMP_URL || undefined,
      externalUrl: process.env.MEDIA_URL || undefined,
      idleMs: integer('LIVE_IDLE_SECONDS', 60) * 1000,
    },
    demo: process.env.DEMO !== '0',
    statisticsRollup: process.env.STATISTICS_ROLLUP !== '0',
    reportSchedules: process.env.REPORT_SCHEDULES !== '0',
    production,
    trustProxy: trustProxyOf(process.env.TRUST_PROXY),
  };
}

/** TRUST_PROXY as Fastify takes it: unset or `false` trusts no proxy, `true` every one, else the listed addresses. */
function trustProxyOf(value: string | undefined): boolean | string {
  if (!value || value === 'false' || value === '0') return false;
  return value === 'true' || value === '1' ? true : value;
}

/** JT808_REGISTRATION=open (any terminal registers and waits unmatched; the default) or listed (only terminals listed in advance). */
function registrationPolicy(): 'open' | 'listed' {
  const asked = process.env.JT808_REGISTRATION;
  if (!asked || asked === 'open') return 'open';
  if (asked === 'listed') return asked;
  throw new Error(`JT808_REGISTRATION must be open or listed, not ${asked}`);
}

/** LOG_FORMAT=pretty or json; unset: pretty when standard output is a terminal, JSON when it goes to a file or a collector. */
function logFormat(): 'pretty' | 'json' {
  const asked = process.env.LOG_FORMAT;
  if (asked === 'pretty' || asked === 'json') return asked;
  if (asked) throw new Error(`LOG_FORMAT must be pretty or json, not ${asked}`);
  return process.stdout.isTTY ? 'pretty' : 'json';
}

/** A URL setting as a log line or the terminal shows it: a password in it (MQTT_URL may hold one) as `***`. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return '(not a URL)';
  }
}

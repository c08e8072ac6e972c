import pg from 'pg';
import { defineConfig } from 'vitest/config';

/** The PostgreSQL server the API tests also run against: TEST_DATABASE_URL, else the local one if it answers. */
async function reachablePostgres(): Promise<string | undefined> {
  const explicit = process.env.TEST_DATABASE_URL;
  const url = explicit || 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch (error) {
    if (explicit) throw new Error(`TEST_DATABASE_URL is set but does not answer: ${String(error)}`);
    // Under CI the PostgreSQL round is part of the suite: a missing server fails the run instead of shrinking it.
    if (process.env.CI) throw new Error(`CI is set but no PostgreSQL server answers on 127.0.0.1:5432: ${String(error)}`);
    console.warn('No PostgreSQL server answers on 127.0.0.1:5432: the API tests run on embedded PGlite only.');
    return undefined;
  }
}

/** Server test files that run on PGlite only (see the postgres project below). */
const onceOnPglite = [
  'fuzz',
  'endpoints',
  'layers',
  'security-headers',
  'texts',
  'user-guide',
  'pdf',
  'csv',
  'log-format',
  'broker-log',
  'ports',
  'web-static',
  'gateway-malformed',
  'sim-evidence-media',
  'ttl-cache',
  'view-cache',
];

/** Migrates one database per project and run; every test file copies it. */
const databaseTemplate = 'packages/server/test/database-template.ts';

export default defineConfig(async () => {
  const postgresUrl = await reachablePostgres();
  return {
    test: {
      testTimeout: 30_000,
      hookTimeout: 60_000,
      maxWorkers: 2,
      // A worker loads the app's modules once for all its test files, not once per file (about 3.5 s each: the suite
      // took 9.2 min of CI, 3.8 min sharing them). So a test file leaves the process as it found it: its environment
      // variables restored, its servers, timers and stubs undone.
      isolate: false,
      projects: [
        {
          // Inherit the time-outs above (an inline project starts from Vitest's defaults otherwise).
          extends: true as const,
          test: {
            name: 'pglite',
            include: ['packages/*/test/**/*.test.ts', 'packages/web/src/**/*.test.ts'],
            env: { TEST_DATABASE_URL: '' },
            globalSetup: [databaseTemplate],
          },
        },
        ...(postgresUrl
          ? [
              {
                extends: true as const,
                test: {
                  name: 'postgres',
                  include: ['packages/server/test/**/*.test.ts'],
                  // What the database server can change: queries, transactions, races between connections and nodes.
                  // Files whose subject is elsewhere (the fuzz's 14,000 requests, HTTP headers, texts, ports, media,
                  // malformed MQTT, the contract, documents, structure) run once, on PGlite (the same PostgreSQL):
                  // twice cost CI minutes and found nothing the first round did not.
                  exclude: onceOnPglite.map((name) => `packages/server/test/${name}.test.ts`),
                  env: { TEST_DATABASE_URL: postgresUrl },
                  globalSetup: [databaseTemplate],
                },
              },
            ]
          : []),
      ],
    },
  };
});

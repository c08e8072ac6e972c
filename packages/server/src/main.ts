import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';

const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') });
const app = await buildApp(config, database);

let stopping = false;
/** Ctrl-C: stop accepting, let in-flight requests finish, then close the database so nothing is half-written. */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const port = (app.server.address() as { port: number }).port;
app.log.info({ database: database.kind, dataDir: config.dataDir }, 'Safety Shield is running');
process.stdout.write(`\n  Safety Shield console: http://${shown}:${port}/  (API docs: /docs)\n\n`);

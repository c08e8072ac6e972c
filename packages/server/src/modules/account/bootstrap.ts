import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { account } from '../../db/schema.js';
import { hashPassword } from './passwords.js';

/** A random password that meets the password rule: letters and digits of both cases, 16 characters. */
function randomPassword(): string {
  const base = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `${base}Aa1`;
}

/**
 * ARCHITECTURE section 3: the first start on an empty database creates the Super Admin `admin`
 * with ADMIN_PASSWORD, or a random password printed once. It has no real name (issue 29: "Super Admin" was a role
 * written in as a name, so every language greeted it in English): the console calls it admin until the person names
 * themselves.
 */
export async function ensureSuperAdmin(db: Db, adminPassword: string | undefined, log: FastifyBaseLogger) {
  const [row] = await db.select({ n: count() }).from(account);
  if ((row?.n ?? 0) > 0) return;
  const password = adminPassword ?? randomPassword();
  await db
    .insert(account)
    .values({ username: 'admin', passwordHash: await hashPassword(password), role: 'SUPER_ADMIN' })
    .onConflictDoNothing();
  if (adminPassword) log.info('created the Super Admin "admin" with the password from ADMIN_PASSWORD');
  // Printed to the terminal, never to the log stream.
  else
    process.stdout.write(`\n  Super Admin created: username admin, password ${password}\n  (shown once; change it after logging in)\n\n`);
}

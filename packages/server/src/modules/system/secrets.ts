import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { systemSetting } from '../../db/schema.js';

/** A secret every portal node shares: created once by whichever node starts first, then read by all. */
export async function sharedSecret(db: Db, key: string, generate: () => string): Promise<string> {
  await db.insert(systemSetting).values({ key, value: generate() }).onConflictDoNothing();
  const [row] = await db.select({ value: systemSetting.value }).from(systemSetting).where(eq(systemSetting.key, key));
  if (!row) throw new Error(`setting ${key} could not be stored`);
  return row.value;
}

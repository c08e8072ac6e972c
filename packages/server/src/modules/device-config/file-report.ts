import type { ConfigSettings } from '@safety-shield/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { device, deviceConfigReport } from '../../db/schema.js';
import { withoutPassword } from './settings.js';

/** What a device said it runs (docs/device-protocol.md, `configReport`, a `configGet` answer or an applied `config`). */
export interface ConfigReport {
  version: number;
  settings: ConfigSettings;
  /** The portal's clock when it learnt it. */
  at: number;
}

/** Stores a device's report, replacing the one before; the APN password is dropped (only whether there is one is kept). */
export async function fileConfigReport(db: Db, uuid: string, report: ConfigReport): Promise<{ stored: boolean; deviceId?: number }> {
  const [row] = await db.select({ id: device.id }).from(device).where(eq(device.deviceUuid, uuid));
  if (!row) return { stored: false };
  await storeReport(db, row.id, report);
  return { stored: true, deviceId: row.id };
}

export async function storeReport(db: Db, deviceId: number, { version, settings, at }: ConfigReport): Promise<void> {
  const { settings: kept, password } = withoutPassword(settings);
  const values = { version, settings: kept, apnPasswordSet: Boolean(password), reportedAt: new Date(at) };
  await db
    .insert(deviceConfigReport)
    .values({ deviceId, ...values })
    .onConflictDoUpdate({
      target: deviceConfigReport.deviceId,
      set: values,
      // A report that arrives after a newer one (a slow resend) does not replace it.
      setWhere: sql`${deviceConfigReport.reportedAt} <= ${values.reportedAt}`,
    });
}

import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { incident, sos } from '../src/db/schema.js';
import type { SosReport } from '../src/device-port/index.js';
import { fileSos } from '../src/modules/sos/file.js';
import { testDatabase } from './helpers.js';
import { type SosFleet, seedSosFleet } from './sos-fixtures.js';

// With an external broker every portal node gets every S.O.S (docs/deployment.md): here two "nodes" file the same
// message at once. On PostgreSQL the two run on two connections of the pool, really at the same time.
let database: Database;
let fleet: SosFleet;

beforeAll(async () => {
  database = await testDatabase();
  fleet = await seedSosFleet(database.db, 'Twice');
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const report = (state: 'start' | 'stop', time: number, startId: string | null = null): SosReport => ({
  state,
  time,
  localTime: null,
  lat: 59.91,
  lng: 10.75,
  speed: 12,
  startId,
});

describe('one S.O.S filed by two portal nodes at once', () => {
  it('stores one S.O.S and one incident, and each is told of by exactly one node, without an error', async () => {
    const { db } = database;
    for (let press = 0; press < 10; press++) {
      const id = `twice-${press}`;
      const time = Date.now() - 60_000 + press;
      const started = await Promise.all([
        fileSos(db, fleet.uuid, id, report('start', time)),
        fileSos(db, fleet.uuid, id, report('start', time)),
      ]);
      expect(started.filter((outcome) => outcome.stored)).toHaveLength(1);
      expect(started.filter((outcome) => outcome.incident)).toHaveLength(1);
      expect(started.filter((outcome) => !outcome.stored).map((outcome) => !outcome.stored && outcome.reason)).toEqual(['resent']);
      const [rows] = await db
        .select({ n: count() })
        .from(sos)
        .where(and(eq(sos.deviceId, fleet.deviceId), eq(sos.startMessageId, id)));
      const [incidents] = await db
        .select({ n: count() })
        .from(incident)
        .where(and(eq(incident.deviceId, fleet.deviceId), eq(incident.messageId, `sos:${id}`)));
      expect([rows?.n, incidents?.n]).toEqual([1, 1]);
      // The S.O.S row points at the incident, whichever node stored which.
      const [row] = await db.select({ incidentId: sos.incidentId }).from(sos).where(eq(sos.startMessageId, id));
      const told = started.find((outcome) => outcome.incident)?.incident;
      expect(row?.incidentId).toBe(told?.incidentId);

      const stopped = await Promise.all([
        fileSos(db, fleet.uuid, `${id}-stop`, report('stop', time + 500, id)),
        fileSos(db, fleet.uuid, `${id}-stop`, report('stop', time + 500, id)),
      ]);
      expect(stopped.filter((outcome) => outcome.stored)).toHaveLength(1);
      // The other node's copy is a resend, not a release of an S.O.S that is not open.
      expect(stopped.filter((outcome) => !outcome.stored).map((outcome) => !outcome.stored && outcome.reason)).toEqual(['resent']);
    }
  });
});

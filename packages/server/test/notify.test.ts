import { vehicleApi } from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device, incident, org, vehicleEmail } from '../src/db/schema.js';
import { defaultTag } from '../src/modules/incidents/default-tags.js';
import { call } from './api-client.js';
import { login, testApp } from './helpers.js';
import { seedTree, type Tree } from './identity-fixtures.js';
import { startMailCatcher } from './mail-catcher.js';

let ctx: Awaited<ReturnType<typeof testApp>>;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let tree: Tree;
let vehicleId: number;
let deviceId: number;

async function fileIncident(kind: 'emergency' | 'general', messageId: string) {
  const tag = await defaultTag(ctx.database.db, tree.company, kind);
  const [row] = await ctx.database.db
    .insert(incident)
    .values({
      deviceId,
      messageId,
      deviceUuid: 'NTF-1',
      vehicleId,
      licensePlate: 'NTF 1',
      type: 'collision',
      tagId: tag?.id,
      triggerAt: new Date(),
      speed: 30,
      belongAgentId: tree.agent,
      belongCompanyId: tree.company,
      belongFleetId: tree.fleet,
    })
    .returning({ id: incident.id });
  return row?.id ?? 0;
}

beforeAll(async () => {
  mail = await startMailCatcher();
  ctx = await testApp({ smtpUrl: mail.url });
  const admin = await login(ctx.app);
  tree = await seedTree(ctx, admin, 'Notify');
  vehicleId = (await call(ctx, admin, vehicleApi.create, { licensePlate: 'NTF 1', fleetId: tree.fleet, initialMileageKm: 0 })).data.id;
  await ctx.database.db.insert(vehicleEmail).values([
    { vehicleId, email: 'verified@example.com', state: 'verified' },
    { vehicleId, email: 'pending@example.com', state: 'unverified' },
  ]);
  await ctx.database.db
    .update(org)
    .set({ notification: { incidentEmails: true, dailySummary: false, recipients: ['safety@example.com'] } })
    .where(eq(org.id, tree.company));
  const [row] = await ctx.database.db
    .insert(device)
    .values({ deviceUuid: 'NTF-1', vehicleId, belongAgentId: tree.agent, belongCompanyId: tree.company, belongFleetId: tree.fleet })
    .returning({ id: device.id });
  deviceId = row?.id ?? 0;
});
afterAll(async () => {
  await ctx.close();
  await mail.close();
});

describe('incident e-mails', () => {
  it('go to the verified vehicle addresses and the company recipients for tags that ask for them', async () => {
    ctx.app.incidentArrived(await fileIncident('emergency', 'n1'));
    for (let i = 0; i < 50 && mail.mails.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mail.mails.flatMap((m) => m.to).sort()).toEqual(['safety@example.com', 'verified@example.com']);
    expect(mail.mails[0]?.raw).toContain('NTF 1');
    // The general tag does not notify by default.
    ctx.app.incidentArrived(await fileIncident('general', 'n2'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.mails).toHaveLength(2);
  });
});

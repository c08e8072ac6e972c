import type { CompanyNotification } from '@safety-shield/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { eventTag, incident, org, vehicleEmail } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Called by whoever filed a new incident (the device gateway of this node), once per incident. */
    incidentArrived(incidentId: number): void;
  }
}

/**
 * E-mails a new incident whose tag asks for it (`notifyEmail`) to the vehicle's verified notification addresses and,
 * when the company wants incident e-mails, to its recipients. Runs on the node that filed the incident, so a mail goes
 * out once however many nodes there are; a failed mail is logged and never holds up the incident.
 */
export class IncidentNotifier {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  arrived(incidentId: number): void {
    this.send(incidentId).catch((err: unknown) => this.log.warn({ err, incidentId }, 'incident e-mail failed'));
  }

  async recipients(incidentId: number): Promise<{ to: string[]; row: typeof incident.$inferSelect } | null> {
    const [found] = await this.db
      .select({ row: incident, notify: eventTag.notifyEmail, company: org.notification })
      .from(incident)
      .innerJoin(eventTag, eq(eventTag.id, incident.tagId))
      .leftJoin(org, eq(org.id, incident.belongCompanyId))
      .where(eq(incident.id, incidentId));
    if (!found?.notify) return null;
    const vehicleAddresses = found.row.vehicleId
      ? await this.db
          .select({ email: vehicleEmail.email })
          .from(vehicleEmail)
          .where(and(eq(vehicleEmail.vehicleId, found.row.vehicleId), eq(vehicleEmail.state, 'verified')))
      : [];
    const company = found.company as CompanyNotification | null;
    const companyAddresses = company?.incidentEmails ? company.recipients : [];
    const to = [...new Set([...vehicleAddresses.map((r) => r.email), ...companyAddresses].map((a) => a.toLowerCase()))];
    return { to, row: found.row };
  }

  private async send(incidentId: number) {
    const found = await this.recipients(incidentId);
    if (!found || found.to.length === 0) return;
    const { row } = found;
    const where = row.lat !== null && row.lng !== null ? `${row.lat.toFixed(5)}, ${row.lng.toFixed(5)}` : 'unknown';
    // One mail per address: recipients of different companies or vehicles never see each other.
    for (const to of found.to) {
      await this.mailer.send({
        to,
        subject: `Safety Shield: ${row.type} — ${row.licensePlate ?? row.deviceUuid}`,
        text: [
          `Incident ${row.id}: ${row.type}`,
          `Vehicle: ${row.licensePlate ?? '—'} (device ${row.deviceUuid})`,
          `Time: ${row.localTime ?? row.triggerAt.toISOString()}`,
          `Speed: ${row.speed ?? '—'} km/h`,
          `Location: ${where}`,
          '',
          'Open the console to review it.',
        ].join('\n'),
      });
    }
  }
}

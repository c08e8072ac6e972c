import { type CompanyNotification, type IncidentType, type Language, toLanguage } from '@safety-shield/contract';
import { incidentTypeNames } from '@safety-shield/contract/messages';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { account, eventTag, incident, org, vehicleEmail } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import { readerFormat } from '../../texts/format.js';
import { serverTexts } from '../../texts/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Called by whoever filed a new incident (the device intake of this node), once per incident. */
    incidentArrived(incidentId: number): void;
  }
}

/**
 * E-mails a new incident whose tag asks for it (`notifyEmail`) to the vehicle's verified notification addresses and,
 * when the company wants incident e-mails, to its recipients. Runs on the node that filed the incident, so a mail goes
 * out once however many nodes there are; a failed mail is logged and never holds up the incident. The mail is written
 * in the company's language (`language`).
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

  /**
   * The language of a company's incident e-mails: the one set on its Company Admin accounts when they name exactly one
   * language, else English (the recipients are addresses, not accounts, so their own languages are unknown).
   */
  async language(companyId: number | null): Promise<Language> {
    if (companyId === null) return 'en';
    const rows = await this.db
      .selectDistinct({ language: account.language })
      .from(account)
      .where(and(eq(account.belongCompanyId, companyId), eq(account.role, 'COMPANY_ADMIN'), isNotNull(account.language)));
    const named = new Set(rows.map((row) => toLanguage(row.language)).filter((language) => language !== undefined));
    const [only] = named;
    return named.size === 1 && only ? only : 'en';
  }

  private async send(incidentId: number) {
    const found = await this.recipients(incidentId);
    if (!found || found.to.length === 0) return;
    const { row } = found;
    const language = await this.language(row.belongCompanyId);
    const texts = serverTexts[language].incidentEmail;
    // Issue 29: the type's name and the speed's digits in the mail's language, not the stored key and English digits.
    const type = incidentTypeNames[language][row.type as IncidentType] ?? row.type;
    const subject = texts.subject({ type, vehicle: row.licensePlate ?? row.deviceUuid });
    const text = texts.text({
      id: row.id,
      type,
      plate: row.licensePlate,
      device: row.deviceUuid,
      time: row.localTime ?? row.triggerAt.toISOString(),
      speed: row.speed === null ? null : readerFormat(language).number(row.speed),
      location: row.lat !== null && row.lng !== null ? `${row.lat.toFixed(5)}, ${row.lng.toFixed(5)}` : null,
    });
    // One mail per address: recipients of different companies or vehicles never see each other.
    for (const to of found.to) await this.mailer.send({ to, subject, text });
  }
}

import { type Language, languages, vehicleApi } from '@safety-shield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, vehicleEmail } from '../src/db/schema.js';
import type { Principal } from '../src/http/principal.js';
import type { Mail, Mailer } from '../src/mail/mailer.js';
import { IncidentNotifier } from '../src/modules/incidents/notify.js';
import { VehicleEmailService } from '../src/modules/vehicles/emails.js';
import { type IncidentMail, type ServerTexts, serverTexts } from '../src/texts/index.js';
import { call } from './api-client.js';
import { login, superAdminPrincipal, testApp } from './helpers.js';
import { seedTree, type Tree } from './identity-fixtures.js';

const others = languages.filter((language) => language !== 'en');
const incident: IncidentMail = {
  id: 4711,
  type: 'collision',
  plate: 'AB 12345',
  device: 'DEV-9',
  time: '2026-03-01 08:15:00',
  speed: '57',
  location: '59.91273, 10.74609',
};
const unknowns: IncidentMail = { ...incident, plate: null, speed: null, location: null };

/** Every text of a language, the templates filled in, by name: 'userGuide.chapters.1.1' → '...'. */
function rendered(texts: ServerTexts): Map<string, string> {
  return new Map([
    ['verificationEmail.subject', texts.verificationEmail.subject({ code: '024680' })],
    ['verificationEmail.text', texts.verificationEmail.text({ code: '024680', plate: 'AB 12345', minutes: 15 })],
    ['incidentEmail.subject', texts.incidentEmail.subject({ type: 'collision', vehicle: 'AB 12345' })],
    ['incidentEmail.text', texts.incidentEmail.text(incident)],
    ['incidentEmail.text(unknowns)', texts.incidentEmail.text(unknowns)],
    ['userGuide.title', texts.userGuide.title],
    ['userGuide.intro', texts.userGuide.intro],
    ['userGuide.contents', texts.userGuide.contents],
    ['userGuide.inMenu', texts.userGuide.inMenu],
    ...Object.entries(texts.userGuide.chapters).flatMap(([id, chapter]): [string, string][] => [
      [`userGuide.chapters.${id}.heading`, chapter.heading],
      [`userGuide.chapters.${id}.task`, chapter.task],
      ...chapter.steps.map((step, i): [string, string] => [`userGuide.chapters.${id}.steps.${i}`, step]),
      ...(chapter.caption ? [[`userGuide.chapters.${id}.caption`, chapter.caption] as [string, string]] : []),
    ]),
    ['userGuide.contact', texts.userGuide.contact],
    ['userGuide.page', texts.userGuide.page],
  ]);
}

describe('the server texts', () => {
  it('keep the English e-mails as they always were', () => {
    const { verificationEmail, incidentEmail } = serverTexts.en;
    expect(verificationEmail.subject({ code: '024680' })).toBe('Safety Shield: verification code 024680');
    expect(verificationEmail.text({ code: '024680', plate: 'AB 12345', minutes: 15 })).toBe(
      'Your code to receive notifications of vehicle AB 12345 is 024680.\nIt is valid for 15 minutes.\n\nIf you did not expect this message, ignore it.',
    );
    expect(incidentEmail.subject({ type: 'collision', vehicle: 'AB 12345' })).toBe('Safety Shield: collision — AB 12345');
    expect(incidentEmail.text(incident)).toBe(
      'Incident 4711: collision\nVehicle: AB 12345 (device DEV-9)\nTime: 2026-03-01 08:15:00\nSpeed: 57 km/h\nLocation: 59.91273, 10.74609\n\nOpen the console to review it.',
    );
    expect(incidentEmail.text(unknowns)).toBe(
      'Incident 4711: collision\nVehicle: — (device DEV-9)\nTime: 2026-03-01 08:15:00\nSpeed: — km/h\nLocation: unknown\n\nOpen the console to review it.',
    );
  });

  it.each(languages)('%s has every text, none empty, every value filled in', (language) => {
    const texts = rendered(serverTexts[language]);
    expect([...texts.keys()]).toEqual([...rendered(serverTexts.en).keys()]);
    for (const [key, text] of texts) {
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(text, `${language} ${key}`).not.toMatch(/undefined|null|NaN|\[object|\$\{/);
    }
    expect(texts.get('verificationEmail.subject')).toContain('024680');
    for (const value of ['024680', 'AB 12345', '15']) expect(texts.get('verificationEmail.text')).toContain(value);
    for (const value of ['collision', 'AB 12345']) expect(texts.get('incidentEmail.subject')).toContain(value);
    for (const value of ['4711', 'collision', 'AB 12345', 'DEV-9', '2026-03-01 08:15:00', '57', '59.91273, 10.74609'])
      expect(texts.get('incidentEmail.text')).toContain(value);
  });

  it.each(others)('%s is translated, not a copy of English', (language) => {
    const english = rendered(serverTexts.en);
    const texts = rendered(serverTexts[language]);
    // Headings, the footer's "Page" and the guide's "Contents" may be the same word in two languages ('Incidents', 'Page'); sentences may not.
    for (const [key, text] of texts)
      if (!/heading$|\.page$|\.contents$/.test(key)) expect(text, `${language} ${key}`).not.toBe(english.get(key));
    for (const key of ['verificationEmail.subject', 'incidentEmail.subject']) {
      const subjects = new Set(languages.map((other) => rendered(serverTexts[other]).get(key)));
      expect(subjects.size, key).toBe(languages.length);
    }
  });
});

describe('the language of the e-mails', () => {
  let ctx: Awaited<ReturnType<typeof testApp>>;
  let tree: Tree;
  let vehicleId: number;
  const sent: Mail[] = [];
  const mailer: Mailer = { send: async (mail) => void sent.push(mail) };

  beforeAll(async () => {
    ctx = await testApp();
    const admin = await login(ctx.app);
    tree = await seedTree(ctx, admin, 'Texts');
    vehicleId = (await call(ctx, admin, vehicleApi.create, { licensePlate: 'TXT 1', fleetId: tree.fleet, initialMileageKm: 0 })).data.id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("sends the verification code in the caller's language", async () => {
    const emails = new VehicleEmailService(ctx.database.db, mailer);
    const send = async (principal: Principal, language?: Language) => {
      const [row] = await ctx.database.db
        .insert(vehicleEmail)
        .values({ vehicleId, email: `texts-${sent.length}@example.com` })
        .returning({ id: vehicleEmail.id });
      await emails.sendCode(principal, row?.id ?? 0, language);
      return sent.at(-1)?.subject;
    };
    expect(await send(superAdminPrincipal())).toMatch(/^Safety Shield: verification code \d{6}$/);
    expect(await send(superAdminPrincipal('de'))).toMatch(/^Safety Shield: Bestätigungscode \d{6}$/);
    expect(await send(superAdminPrincipal(), 'sv')).toMatch(/^Safety Shield: verifieringskod \d{6}$/);
  });

  it("writes incident e-mails in the language of the company's Company Admins when they name exactly one", async () => {
    const notifier = new IncidentNotifier(ctx.database.db, mailer, ctx.app.log);
    const admin = (username: string, role: 'COMPANY_ADMIN' | 'FLEET_ADMIN', language: string | null) =>
      ctx.database.db.insert(account).values({
        username,
        role,
        language,
        passwordHash: 'x',
        belongAgentId: tree.agent,
        belongCompanyId: tree.company,
        ...(role === 'FLEET_ADMIN' ? { belongFleetId: tree.fleet } : {}),
      });
    expect(await notifier.language(null)).toBe('en');
    expect(await notifier.language(tree.company)).toBe('en');
    await admin('texts.fleet', 'FLEET_ADMIN', 'fr');
    await admin('texts.company.1', 'COMPANY_ADMIN', null);
    expect(await notifier.language(tree.company)).toBe('en');
    await admin('texts.company.2', 'COMPANY_ADMIN', 'de');
    expect(await notifier.language(tree.company)).toBe('de');
    await admin('texts.company.3', 'COMPANY_ADMIN', 'de');
    expect(await notifier.language(tree.company)).toBe('de');
    await admin('texts.company.4', 'COMPANY_ADMIN', 'nb');
    expect(await notifier.language(tree.company)).toBe('en');
  });
});

import type { Language, ReportFrequency } from '@safety-shield/contract';

/** What a scheduled report's e-mail tells (issue 19); the PDF itself is attached. */
export interface ReportMail {
  /** The recipient's real name, else username. */
  user: string;
  /** The schedule's name. */
  name: string;
  frequency: ReportFrequency;
  /** The week or month covered, formatted in the recipient's language ("3–9 March 2025", "March 2025"). */
  period: string;
  /** The organisation the report is of; null when it covers everything the recipient sees. */
  organisation: string | null;
  /** The zone the report's times are shown in. */
  timeZone: string;
}

/** A scheduled report's e-mail in one language. */
export interface ReportEmailTexts {
  /** The locale Intl formats the period in. */
  locale: string;
  subject: (mail: ReportMail) => string;
  text: (mail: ReportMail) => string;
}

const en: ReportEmailTexts = {
  locale: 'en-GB',
  subject: ({ name, frequency, period }) => `Safety Shield: ${frequency} report "${name}", ${period}`,
  text: ({ user, name, frequency, period, organisation, timeZone }) =>
    [
      `Hello ${user},`,
      '',
      `attached is the ${frequency} safety report "${name}" for ${period}: ${organisation ?? 'everything you can see in Safety Shield'}.`,
      `Times in it are shown in ${timeZone}.`,
      '',
      'You receive this report because an administrator subscribed you to it. To stop it, ask them to take you off the list, or turn off e-mail notifications in your account settings.',
    ].join('\n'),
};

const es: ReportEmailTexts = {
  locale: 'es',
  subject: ({ name, frequency, period }) => `Safety Shield: informe ${frequency === 'weekly' ? 'semanal' : 'mensual'} «${name}», ${period}`,
  text: ({ user, name, frequency, period, organisation, timeZone }) =>
    [
      `Hola, ${user}:`,
      '',
      `le enviamos adjunto el informe de seguridad ${frequency === 'weekly' ? 'semanal' : 'mensual'} «${name}» del periodo ${period}: ${organisation ?? 'todo lo que puede ver en Safety Shield'}.`,
      `Las horas se muestran en la zona horaria ${timeZone}.`,
      '',
      'Recibe este informe porque un administrador le suscribió. Para dejar de recibirlo, pídale que le quite de la lista o desactive las notificaciones por correo en la configuración de su cuenta.',
    ].join('\n'),
};

const ru: ReportEmailTexts = {
  locale: 'ru',
  subject: ({ name, frequency, period }) =>
    `Safety Shield: ${frequency === 'weekly' ? 'еженедельный' : 'ежемесячный'} отчёт «${name}», ${period}`,
  text: ({ user, name, frequency, period, organisation, timeZone }) =>
    [
      `Здравствуйте, ${user}!`,
      '',
      `Во вложении ${frequency === 'weekly' ? 'еженедельный' : 'ежемесячный'} отчёт о безопасности «${name}» за период ${period}: ${organisation ?? 'всё, что вам доступно в Safety Shield'}.`,
      `Время в нём указано в часовом поясе ${timeZone}.`,
      '',
      'Вы получаете этот отчёт, потому что администратор подписал вас на него. Чтобы отписаться, попросите его исключить вас из списка или отключите уведомления по электронной почте в настройках учётной записи.',
    ].join('\n'),
};

const nb: ReportEmailTexts = {
  locale: 'nb',
  subject: ({ name, frequency, period }) =>
    `Safety Shield: ${frequency === 'weekly' ? 'ukerapport' : 'månedsrapport'} «${name}», ${period}`,
  text: ({ user, name, frequency, period, organisation, timeZone }) =>
    [
      `Hei ${user},`,
      '',
      `vedlagt er den ${frequency === 'weekly' ? 'ukentlige' : 'månedlige'} sikkerhetsrapporten «${name}» for ${period}: ${organisation ?? 'alt du har tilgang til i Safety Shield'}.`,
      `Tidspunkter vises i tidssonen ${timeZone}.`,
      '',
      'Du får denne rapporten fordi en administrator har meldt deg på den. Be administratoren fjerne deg fra listen, eller slå av e-postvarsler i kontoinnstillingene, for å slutte å få den.',
    ].join('\n'),
};

const fr: ReportEmailTexts = {
  locale: 'fr',
  subject: ({ name, frequency, period }) =>
    `Safety Shield : rapport ${frequency === 'weekly' ? 'hebdomadaire' : 'mensuel'} « ${name} », ${period}`,
  text: ({ user, name, frequency, period, organisation, timeZone }) =>
    [
      `Bonjour ${user},`,
      '',
      `Vous trouverez ci-joint le rapport de sécurité ${frequency === 'weekly' ? 'hebdomadaire' : 'mensuel'} « ${name} » pour la période ${period} : ${organisation ?? 'tout ce que vous voyez dans Safety Shield'}.`,
      `Les heures y sont indiquées dans le fuseau horaire ${timeZone}.`,
      '',
      'Vous recevez ce rapport parce qu’un administrateur vous y a abonné. Pour ne plus le recevoir, demandez-lui de vous retirer de la liste ou désactivez les notifications par e-mail dans les paramètres de votre compte.',
    ].join('\n'),
};

const sv: ReportEmailTexts = {
  locale: 'sv',
  subject: ({ name, frequency, period }) =>
    `Safety Shield: ${frequency === 'weekly' ? 'veckorapport' : 'månadsrapport'} ”${name}”, ${period}`,
  text: ({ user, name, frequency, period, organisation, timeZone }) =>
    [
      `Hej ${user},`,
      '',
      `bifogad finns den ${frequency === 'weekly' ? 'veckovisa' : 'månatliga'} säkerhetsrapporten ”${name}” för ${period}: ${organisation ?? 'allt du har tillgång till i Safety Shield'}.`,
      `Tider visas i tidszonen ${timeZone}.`,
      '',
      'Du får den här rapporten eftersom en administratör har anmält dig till den. Be administratören ta bort dig från listan, eller stäng av e-postaviseringar i kontoinställningarna, för att sluta få den.',
    ].join('\n'),
};

const de: ReportEmailTexts = {
  locale: 'de',
  subject: ({ name, frequency, period }) =>
    `Safety Shield: ${frequency === 'weekly' ? 'Wochenbericht' : 'Monatsbericht'} „${name}“, ${period}`,
  text: ({ user, name, frequency, period, organisation, timeZone }) =>
    [
      `Hallo ${user},`,
      '',
      `im Anhang finden Sie den ${frequency === 'weekly' ? 'wöchentlichen' : 'monatlichen'} Sicherheitsbericht „${name}“ für ${period}: ${organisation ?? 'alles, was Sie in Safety Shield sehen'}.`,
      `Zeiten sind in der Zeitzone ${timeZone} angegeben.`,
      '',
      'Sie erhalten diesen Bericht, weil ein Administrator Sie dafür eingetragen hat. Bitten Sie ihn, Sie von der Liste zu nehmen, oder schalten Sie die E-Mail-Benachrichtigungen in Ihren Kontoeinstellungen aus, um ihn nicht mehr zu erhalten.',
    ].join('\n'),
};

/** A scheduled report's e-mail in each language (the recipient's, else English). */
export const reportEmailTexts: Record<Language, ReportEmailTexts> = { en, es, ru, nb, fr, sv, de };

/** The period a report covers as the e-mail names it: a week as its first to last day, a month by name. */
export function periodText(language: Language, frequency: ReportFrequency, periodStart: string, periodEnd: string): string {
  const { locale } = reportEmailTexts[language];
  const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
  if (frequency === 'monthly')
    return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(utc(periodStart));
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'long' }).formatRange(utc(periodStart), utc(periodEnd));
}

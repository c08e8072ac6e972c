import type { IncidentMail } from './types.js';

/** The words of an incident e-mail in one language; the lines they stand in are the same in every language. */
export interface IncidentWords {
  /** The first line's word: "Incident 4711: collision". */
  incident: string;
  vehicle: string;
  /** Lower case, in brackets after the plate: "(device DEV-9)". */
  device: string;
  time: string;
  speed: string;
  /** km/h, km/t, км/ч. */
  speedUnit: string;
  location: string;
  /** Said where the incident has no position. */
  unknownLocation: string;
  /** The closing sentence. */
  review: string;
  /** Between a label and its value; French puts a space before the colon. */
  colon?: string;
}

/** The incident e-mail's text from a language's words; a dash where the plate or speed is unknown. */
export const incidentEmailText =
  ({ colon = ': ', ...words }: IncidentWords) =>
  (mail: IncidentMail): string =>
    [
      `${words.incident} ${mail.id}${colon}${mail.type}`,
      `${words.vehicle}${colon}${mail.plate ?? '—'} (${words.device} ${mail.device})`,
      `${words.time}${colon}${mail.time}`,
      `${words.speed}${colon}${mail.speed ?? '—'} ${words.speedUnit}`,
      `${words.location}${colon}${mail.location ?? words.unknownLocation}`,
      '',
      words.review,
    ].join('\n');

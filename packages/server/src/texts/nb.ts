import { incidentEmailText } from './incident-email.js';
import type { ServerTexts } from './types.js';
import { userGuide } from './user-guide/nb.js';

/** Norwegian (Bokmål). */
export const nb: ServerTexts = {
  verificationEmail: {
    subject: ({ code }) => `Safety Shield: bekreftelseskode ${code}`,
    text: ({ code, plate, minutes }) =>
      `Koden din for å motta varsler om kjøretøyet ${plate} er ${code}.\nDen er gyldig i ${minutes} minutter.\n\nHvis du ikke ventet denne meldingen, kan du se bort fra den.`,
  },
  incidentEmail: {
    subject: ({ type, vehicle }) => `Safety Shield: hendelse ${type} — ${vehicle}`,
    text: incidentEmailText({
      incident: 'Hendelse',
      vehicle: 'Kjøretøy',
      device: 'enhet',
      time: 'Tid',
      speed: 'Fart',
      speedUnit: 'km/t',
      location: 'Sted',
      unknownLocation: 'ukjent',
      review: 'Åpne konsollen for å gjennomgå den.',
    }),
  },
  userGuide,
};

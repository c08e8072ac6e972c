import { incidentEmailText } from './incident-email.js';
import type { ServerTexts } from './types.js';
import { userGuide } from './user-guide/de.js';

/** German. */
export const de: ServerTexts = {
  verificationEmail: {
    subject: ({ code }) => `Safety Shield: Bestätigungscode ${code}`,
    text: ({ code, plate, minutes }) =>
      `Ihr Code für Benachrichtigungen zum Fahrzeug ${plate} lautet ${code}.\nEr ist ${minutes} Minuten gültig.\n\nWenn Sie diese Nachricht nicht erwartet haben, ignorieren Sie sie.`,
  },
  incidentEmail: {
    subject: ({ type, vehicle }) => `Safety Shield: Vorfall ${type} — ${vehicle}`,
    text: incidentEmailText({
      incident: 'Vorfall',
      vehicle: 'Fahrzeug',
      device: 'Gerät',
      time: 'Zeit',
      speed: 'Geschwindigkeit',
      speedUnit: 'km/h',
      location: 'Ort',
      unknownLocation: 'unbekannt',
      review: 'Öffnen Sie die Konsole, um ihn zu prüfen.',
    }),
  },
  userGuide,
};

import { incidentEmailText } from './incident-email.js';
import type { ServerTexts } from './types.js';
import { userGuide } from './user-guide/en.js';

/** English: the language of every text a recipient's language cannot be told for. */
export const en: ServerTexts = {
  verificationEmail: {
    subject: ({ code }) => `Safety Shield: verification code ${code}`,
    text: ({ code, plate, minutes }) =>
      `Your code to receive notifications of vehicle ${plate} is ${code}.\nIt is valid for ${minutes} minutes.\n\nIf you did not expect this message, ignore it.`,
  },
  incidentEmail: {
    subject: ({ type, vehicle }) => `Safety Shield: ${type} — ${vehicle}`,
    text: incidentEmailText({
      incident: 'Incident',
      vehicle: 'Vehicle',
      device: 'device',
      time: 'Time',
      speed: 'Speed',
      speedUnit: 'km/h',
      location: 'Location',
      unknownLocation: 'unknown',
      review: 'Open the console to review it.',
    }),
  },
  userGuide,
};

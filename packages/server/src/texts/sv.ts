import { incidentEmailText } from './incident-email.js';
import type { ServerTexts } from './types.js';
import { userGuide } from './user-guide/sv.js';

/** Swedish. */
export const sv: ServerTexts = {
  verificationEmail: {
    subject: ({ code }) => `Safety Shield: verifieringskod ${code}`,
    text: ({ code, plate, minutes }) =>
      `Din kod för att ta emot aviseringar om fordonet ${plate} är ${code}.\nDen gäller i ${minutes} minuter.\n\nOm du inte väntade dig det här meddelandet kan du bortse från det.`,
  },
  incidentEmail: {
    subject: ({ type, vehicle }) => `Safety Shield: händelse ${type} — ${vehicle}`,
    text: incidentEmailText({
      incident: 'Händelse',
      vehicle: 'Fordon',
      device: 'enhet',
      time: 'Tid',
      speed: 'Hastighet',
      speedUnit: 'km/h',
      location: 'Plats',
      unknownLocation: 'okänd',
      review: 'Öppna konsolen för att granska den.',
    }),
  },
  userGuide,
};

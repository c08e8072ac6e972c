import { incidentEmailText } from './incident-email.js';
import type { ServerTexts } from './types.js';
import { userGuide } from './user-guide/fr.js';

/** French. */
export const fr: ServerTexts = {
  verificationEmail: {
    subject: ({ code }) => `Safety Shield : code de vérification ${code}`,
    text: ({ code, plate, minutes }) =>
      `Votre code pour recevoir les notifications du véhicule ${plate} est ${code}.\nIl est valable ${minutes} minutes.\n\nSi vous n’attendiez pas ce message, ignorez-le.`,
  },
  incidentEmail: {
    subject: ({ type, vehicle }) => `Safety Shield : incident ${type} — ${vehicle}`,
    text: incidentEmailText({
      incident: 'Incident',
      vehicle: 'Véhicule',
      device: 'appareil',
      time: 'Heure',
      speed: 'Vitesse',
      speedUnit: 'km/h',
      location: 'Lieu',
      unknownLocation: 'inconnu',
      review: 'Ouvrez la console pour l’examiner.',
      colon: ' : ',
    }),
  },
  userGuide,
};

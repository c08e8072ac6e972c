import { incidentEmailText } from './incident-email.js';
import type { ServerTexts } from './types.js';
import { userGuide } from './user-guide/es.js';

/** Spanish. */
export const es: ServerTexts = {
  verificationEmail: {
    subject: ({ code }) => `Safety Shield: código de verificación ${code}`,
    text: ({ code, plate, minutes }) =>
      `Su código para recibir las notificaciones del vehículo ${plate} es ${code}.\nEs válido durante ${minutes} minutos.\n\nSi no esperaba este mensaje, ignórelo.`,
  },
  incidentEmail: {
    subject: ({ type, vehicle }) => `Safety Shield: incidente ${type} — ${vehicle}`,
    text: incidentEmailText({
      incident: 'Incidente',
      vehicle: 'Vehículo',
      device: 'dispositivo',
      time: 'Hora',
      speed: 'Velocidad',
      speedUnit: 'km/h',
      location: 'Ubicación',
      unknownLocation: 'desconocida',
      review: 'Abra la consola para revisarlo.',
    }),
  },
  userGuide,
};

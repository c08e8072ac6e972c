import { incidentEmailText } from './incident-email.js';
import type { ServerTexts } from './types.js';

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
  userGuide: {
    title: 'Safety Shield - Guía del usuario',
    intro:
      'Safety Shield es la consola de su sistema de seguridad de flota: vehículos con cámaras, vídeo en directo, incidentes con pruebas en vídeo e imagen, estadísticas, organizaciones y cuentas. Esta guía recorre las pantallas principales.',
    chapters: [
      [
        'El panel',
        'El panel se abre tras iniciar sesión. Muestra su organización y su rol, los vehículos y dispositivos en línea sobre el total, los incidentes de hoy y en total, y el uso de la cuota de dispositivos. Elija un periodo (hoy, últimos 7 o 14 días, mes pasado, mes actual o trimestre) para ver los incidentes por tipo y etiqueta, el gráfico por periodo, el gráfico de velas por hora y las estadísticas de cada flota. Los días empiezan a medianoche en la zona horaria de su perfil.',
      ],
      [
        'Incidentes',
        'Los incidentes llegan de los dispositivos con su tipo, etiqueta, velocidad, lugar y hora. Abra uno para ver sus imágenes y vídeos, pedir pruebas al dispositivo, comentarlo y marcarlo como revisado. Los incidentes eliminados esperan en la papelera, donde se pueden restaurar o eliminar para siempre.',
      ],
      [
        'Vehículos y dispositivos',
        'Cada vehículo lleva uno o varios dispositivos de grabación. La lista de vehículos muestra si un vehículo está en línea, dónde está y su recorrido. Un dispositivo nuevo aparece sin asignar hasta que se vincula a un vehículo. Los vehículos se pueden alquilar a otra flota hasta una fecha de fin.',
      ],
      [
        'Organizaciones y cuentas',
        'Los distribuidores regionales tienen empresas, las empresas tienen flotas y las flotas tienen sitios. Cada administrador ve los datos de su organización y de las que dependen de ella. El primer inicio de sesión pide una contraseña nueva; Google Authenticator puede proteger una cuenta.',
      ],
    ],
    contact: 'Contacto: escriba a support@safety-shield.local o llame a su distribuidor regional.',
    page: 'Página',
  },
};

import { incidentEmailText } from './incident-email.js';
import type { ServerTexts } from './types.js';
import { userGuide } from './user-guide/ru.js';

/** Russian. */
export const ru: ServerTexts = {
  verificationEmail: {
    subject: ({ code }) => `Safety Shield: код подтверждения ${code}`,
    text: ({ code, plate, minutes }) =>
      `Ваш код для получения уведомлений о транспортном средстве ${plate}: ${code}.\nОн действителен ${minutes} мин.\n\nЕсли вы не ожидали этого письма, просто не обращайте на него внимания.`,
  },
  incidentEmail: {
    subject: ({ type, vehicle }) => `Safety Shield: инцидент ${type} — ${vehicle}`,
    text: incidentEmailText({
      incident: 'Инцидент',
      vehicle: 'Транспортное средство',
      device: 'устройство',
      time: 'Время',
      speed: 'Скорость',
      speedUnit: 'км/ч',
      location: 'Место',
      unknownLocation: 'неизвестно',
      review: 'Откройте консоль, чтобы просмотреть его.',
    }),
  },
  userGuide,
};

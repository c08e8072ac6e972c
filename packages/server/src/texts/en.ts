import { incidentEmailText } from './incident-email.js';
import type { ServerTexts } from './types.js';

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
  userGuide: {
    title: 'Safety Shield - User guide',
    intro:
      'Safety Shield is the console of your fleet safety system: vehicles with camera devices, live video, incidents with video and picture evidence, statistics, organisations and accounts. This guide walks through the main screens.',
    chapters: [
      [
        'The dashboard',
        'The dashboard opens after login. It shows your organisation and role, vehicles and devices online out of the total, incidents today and in total, and how much of the device quota is used. Pick a range (today, last 7 or 14 days, last month, current month or season) to see incidents per type and tag, the period chart, the hourly candlestick chart and the statistics of each fleet. Days begin at midnight in the time zone of your profile.',
      ],
      [
        'Incidents',
        'Incidents arrive from the devices with their type, tag, speed, place and time. Open one to see its pictures and videos, ask the device to upload evidence, comment on it and mark it reviewed. Deleted incidents wait in the recycle bin, where they can be restored or deleted forever. Tags decide whether incidents and videos are received and how many days evidence is kept.',
      ],
      [
        'Vehicles and devices',
        'Each vehicle carries one or more recording devices. The vehicle list shows whether a vehicle is online, where it is and its trail. A new device appears as unmatched until it is bound to a vehicle. Vehicles can be leased to another fleet until a chosen end time.',
      ],
      [
        'Organisations and accounts',
        'Area suppliers hold companies, companies hold fleets and fleets hold sites. Every administrator sees the data of their own organisation and those below it. Accounts are created for each level; the first login asks for a new password, and Google Authenticator can protect an account.',
      ],
    ],
    contact: 'Contact: write to support@safety-shield.local or call your area supplier.',
    page: 'Page',
  },
};

import { incidentEmailText } from './incident-email.js';
import type { ServerTexts } from './types.js';

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
  userGuide: {
    title: 'Safety Shield - Användarhandbok',
    intro:
      'Safety Shield är konsolen för ditt flottsäkerhetssystem: fordon med kameraenheter, livevideo, händelser med video- och bildbevis, statistik, organisationer och konton. Den här handboken går igenom de viktigaste sidorna.',
    chapters: [
      [
        'Översikten',
        'Översikten öppnas efter inloggning. Den visar din organisation och roll, fordon och enheter online av totalen, händelser i dag och totalt samt hur mycket av enhetskvoten som används. Välj ett intervall (i dag, senaste 7 eller 14 dagarna, förra månaden, denna månad eller detta kvartal) för att se händelser per typ och etikett, periodiagrammet, ljusstakediagrammet per timme och statistiken för varje flotta. Dygnet börjar vid midnatt i tidszonen i din profil.',
      ],
      [
        'Händelser',
        'Händelser kommer från enheterna med typ, etikett, hastighet, plats och tid. Öppna en för att se bilder och videor, be enheten ladda upp bevis, kommentera och markera den som granskad. Raderade händelser ligger i papperskorgen, där de kan återställas eller raderas för gott.',
      ],
      [
        'Fordon och enheter',
        'Varje fordon har en eller flera inspelningsenheter. Fordonslistan visar om ett fordon är online, var det är och dess färdväg. En ny enhet visas som omatchad tills den kopplas till ett fordon. Fordon kan hyras ut till en annan flotta till en vald sluttid.',
      ],
      [
        'Organisationer och konton',
        'Områdesåterförsäljare har företag, företag har flottor och flottor har platser. Varje administratör ser data för sin egen organisation och de under den. Första inloggningen kräver ett nytt lösenord, och Google Authenticator kan skydda ett konto.',
      ],
    ],
    contact: 'Kontakt: skriv till support@safety-shield.local eller ring din områdesåterförsäljare.',
    page: 'Sida',
  },
};

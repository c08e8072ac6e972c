import { incidentEmailText } from './incident-email.js';
import type { ServerTexts } from './types.js';

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
  userGuide: {
    title: 'Safety Shield - Brukerveiledning',
    intro:
      'Safety Shield er konsollen til flåtesikkerhetssystemet ditt: kjøretøy med kameraenheter, direktevideo, hendelser med video- og bildebevis, statistikk, organisasjoner og kontoer. Denne veiledningen går gjennom de viktigste sidene.',
    chapters: [
      [
        'Oversikten',
        'Oversikten åpnes etter innlogging. Den viser organisasjonen og rollen din, kjøretøy og enheter på nett av totalen, hendelser i dag og totalt, og hvor mye av enhetskvoten som er brukt. Velg en periode (i dag, siste 7 eller 14 dager, forrige måned, denne måneden eller dette kvartalet) for å se hendelser per type og etikett, periodediagrammet, lysestakediagrammet per time og statistikken for hver flåte. Døgnet begynner ved midnatt i tidssonen i profilen din.',
      ],
      [
        'Hendelser',
        'Hendelser kommer fra enhetene med type, etikett, fart, sted og tid. Åpne en for å se bilder og videoer, be enheten laste opp bevis, kommentere og merke den som gjennomgått. Slettede hendelser ligger i papirkurven, der de kan gjenopprettes eller slettes for godt.',
      ],
      [
        'Kjøretøy og enheter',
        'Hvert kjøretøy har én eller flere opptaksenheter. Kjøretøylisten viser om et kjøretøy er på nett, hvor det er og ruten det har kjørt. En ny enhet vises som ikke tilknyttet til den kobles til et kjøretøy. Kjøretøy kan leies ut til en annen flåte til et valgt sluttidspunkt.',
      ],
      [
        'Organisasjoner og kontoer',
        'Områdeforhandlere har selskaper, selskaper har flåter og flåter har steder. Hver administrator ser dataene til sin egen organisasjon og dem under den. Første innlogging krever nytt passord, og Google Authenticator kan beskytte en konto.',
      ],
    ],
    contact: 'Kontakt: skriv til support@safety-shield.local eller ring områdeforhandleren din.',
    page: 'Side',
  },
};

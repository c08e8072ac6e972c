import { incidentEmailText } from './incident-email.js';
import type { ServerTexts } from './types.js';

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
  userGuide: {
    title: 'Safety Shield - Benutzerhandbuch',
    intro:
      'Safety Shield ist die Konsole Ihres Flottensicherheitssystems: Fahrzeuge mit Kamerageräten, Live-Video, Vorfälle mit Video- und Bildbeweisen, Statistiken, Organisationen und Konten. Dieses Handbuch führt durch die wichtigsten Seiten.',
    chapters: [
      [
        'Das Dashboard',
        'Das Dashboard öffnet sich nach der Anmeldung. Es zeigt Ihre Organisation und Rolle, Fahrzeuge und Geräte online von der Gesamtzahl, Vorfälle heute und insgesamt sowie die Nutzung des Gerätekontingents. Wählen Sie einen Zeitraum (heute, letzte 7 oder 14 Tage, letzter Monat, aktueller Monat oder Quartal), um Vorfälle nach Typ und Label, das Periodendiagramm, das stündliche Kerzendiagramm und die Statistik jeder Flotte zu sehen. Tage beginnen um Mitternacht in der Zeitzone Ihres Profils.',
      ],
      [
        'Vorfälle',
        'Vorfälle kommen von den Geräten mit Typ, Label, Geschwindigkeit, Ort und Zeit. Öffnen Sie einen Vorfall, um Bilder und Videos zu sehen, Beweise vom Gerät anzufordern, ihn zu kommentieren und als geprüft zu markieren. Gelöschte Vorfälle liegen im Papierkorb, wo sie wiederhergestellt oder endgültig gelöscht werden können.',
      ],
      [
        'Fahrzeuge und Geräte',
        'Jedes Fahrzeug trägt ein oder mehrere Aufzeichnungsgeräte. Die Fahrzeugliste zeigt, ob ein Fahrzeug online ist, wo es ist und seine Route. Ein neues Gerät erscheint als nicht zugeordnet, bis es an ein Fahrzeug gebunden wird. Fahrzeuge können bis zu einem Endzeitpunkt an eine andere Flotte vermietet werden.',
      ],
      [
        'Organisationen und Konten',
        'Gebietshändler haben Unternehmen, Unternehmen haben Flotten und Flotten haben Standorte. Jeder Administrator sieht die Daten seiner Organisation und der darunter liegenden. Bei der ersten Anmeldung muss ein neues Passwort gesetzt werden; Google Authenticator kann ein Konto schützen.',
      ],
    ],
    contact: 'Kontakt: schreiben Sie an support@safety-shield.local oder rufen Sie Ihren Gebietshändler an.',
    page: 'Seite',
  },
};

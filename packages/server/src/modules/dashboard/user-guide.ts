import type { Language } from '@safety-shield/contract';
import { type PdfBlock, writePdf } from './pdf.js';

interface Guide {
  title: string;
  intro: string;
  chapters: [heading: string, text: string][];
  contact: string;
  page: string;
}

/** The user guide's text. Russian is written in Cyrillic, which Helvetica's WinAnsi cannot show: it gets the English guide. */
const guides: Record<Exclude<Language, 'ru'>, Guide> = {
  en: {
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
  de: {
    title: 'Safety Shield - Benutzerhandbuch',
    intro:
      'Safety Shield ist die Konsole Ihres Flottensicherheitssystems: Fahrzeuge mit Kamerageräten, Live-Video, Vorfälle mit Video- und Bildbeweisen, Statistiken, Organisationen und Konten. Dieses Handbuch führt durch die wichtigsten Seiten.',
    chapters: [
      [
        'Das Dashboard',
        'Das Dashboard öffnet sich nach der Anmeldung. Es zeigt Ihre Organisation und Rolle, Fahrzeuge und Geräte online von der Gesamtzahl, Vorfälle heute und insgesamt sowie die Nutzung des Gerätekontingents. Wählen Sie einen Zeitraum (heute, letzte 7 oder 14 Tage, letzter Monat, aktueller Monat oder Quartal), um Vorfälle nach Typ und Tag, das Periodendiagramm, das stündliche Kerzendiagramm und die Statistik jeder Flotte zu sehen. Tage beginnen um Mitternacht in der Zeitzone Ihres Profils.',
      ],
      [
        'Vorfälle',
        'Vorfälle kommen von den Geräten mit Typ, Tag, Geschwindigkeit, Ort und Zeit. Öffnen Sie einen Vorfall, um Bilder und Videos zu sehen, Beweise vom Gerät anzufordern, ihn zu kommentieren und als geprüft zu markieren. Gelöschte Vorfälle liegen im Papierkorb, wo sie wiederhergestellt oder endgültig gelöscht werden können.',
      ],
      [
        'Fahrzeuge und Geräte',
        'Jedes Fahrzeug trägt ein oder mehrere Aufzeichnungsgeräte. Die Fahrzeugliste zeigt, ob ein Fahrzeug online ist, wo es ist und seine Route. Ein neues Gerät erscheint als nicht zugeordnet, bis es an ein Fahrzeug gebunden wird. Fahrzeuge können bis zu einem Endzeitpunkt an eine andere Flotte vermietet werden.',
      ],
      [
        'Organisationen und Konten',
        'Gebietslieferanten haben Unternehmen, Unternehmen haben Flotten und Flotten haben Standorte. Jeder Administrator sieht die Daten seiner Organisation und der darunter liegenden. Bei der ersten Anmeldung muss ein neues Passwort gesetzt werden; Google Authenticator kann ein Konto schützen.',
      ],
    ],
    contact: 'Kontakt: schreiben Sie an support@safety-shield.local oder rufen Sie Ihren Gebietslieferanten an.',
    page: 'Seite',
  },
  es: {
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
        'Los proveedores de zona tienen empresas, las empresas tienen flotas y las flotas tienen sitios. Cada administrador ve los datos de su organización y de las que dependen de ella. El primer inicio de sesión pide una contraseña nueva; Google Authenticator puede proteger una cuenta.',
      ],
    ],
    contact: 'Contacto: escriba a support@safety-shield.local o llame a su proveedor de zona.',
    page: 'Página',
  },
  fr: {
    title: 'Safety Shield - Guide de l’utilisateur',
    intro:
      'Safety Shield est la console de votre système de sécurité de flotte : véhicules équipés de caméras, vidéo en direct, incidents avec preuves vidéo et photo, statistiques, organisations et comptes. Ce guide présente les écrans principaux.',
    chapters: [
      [
        'Le tableau de bord',
        'Le tableau de bord s’ouvre après la connexion. Il montre votre organisation et votre rôle, les véhicules et appareils en ligne sur le total, les incidents du jour et au total, et l’utilisation du quota d’appareils. Choisissez une période (aujourd’hui, 7 ou 14 derniers jours, mois dernier, mois ou trimestre en cours) pour voir les incidents par type et par étiquette, le graphique par période, le graphique en chandeliers par heure et les statistiques de chaque flotte. Les jours commencent à minuit dans le fuseau horaire de votre profil.',
      ],
      [
        'Incidents',
        'Les incidents arrivent des appareils avec leur type, étiquette, vitesse, lieu et heure. Ouvrez-en un pour voir ses photos et vidéos, demander des preuves à l’appareil, le commenter et le marquer comme vu. Les incidents supprimés attendent dans la corbeille, où ils peuvent être restaurés ou supprimés définitivement.',
      ],
      [
        'Véhicules et appareils',
        'Chaque véhicule porte un ou plusieurs enregistreurs. La liste des véhicules indique si un véhicule est en ligne, où il se trouve et son trajet. Un nouvel appareil apparaît comme non associé jusqu’à ce qu’il soit lié à un véhicule. Un véhicule peut être loué à une autre flotte jusqu’à une date de fin.',
      ],
      [
        'Organisations et comptes',
        'Les fournisseurs régionaux ont des entreprises, les entreprises des flottes et les flottes des sites. Chaque administrateur voit les données de son organisation et de celles qui en dépendent. La première connexion demande un nouveau mot de passe ; Google Authenticator peut protéger un compte.',
      ],
    ],
    contact: 'Contact : écrivez à support@safety-shield.local ou appelez votre fournisseur régional.',
    page: 'Page',
  },
  nb: {
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
        'Områdeleverandører har selskaper, selskaper har flåter og flåter har steder. Hver administrator ser dataene til sin egen organisasjon og dem under den. Første innlogging krever nytt passord, og Google Authenticator kan beskytte en konto.',
      ],
    ],
    contact: 'Kontakt: skriv til support@safety-shield.local eller ring områdeleverandøren din.',
    page: 'Side',
  },
  sv: {
    title: 'Safety Shield - Användarhandbok',
    intro:
      'Safety Shield är konsolen för ditt flottsäkerhetssystem: fordon med kameraenheter, livevideo, incidenter med video- och bildbevis, statistik, organisationer och konton. Den här handboken går igenom de viktigaste sidorna.',
    chapters: [
      [
        'Översikten',
        'Översikten öppnas efter inloggning. Den visar din organisation och roll, fordon och enheter online av totalen, incidenter i dag och totalt samt hur mycket av enhetskvoten som används. Välj ett intervall (i dag, senaste 7 eller 14 dagarna, förra månaden, denna månad eller detta kvartal) för att se incidenter per typ och tagg, periodiagrammet, ljusstakediagrammet per timme och statistiken för varje flotta. Dygnet börjar vid midnatt i tidszonen i din profil.',
      ],
      [
        'Incidenter',
        'Incidenter kommer från enheterna med typ, tagg, hastighet, plats och tid. Öppna en för att se bilder och videor, be enheten ladda upp bevis, kommentera och markera den som granskad. Raderade incidenter ligger i papperskorgen, där de kan återställas eller raderas för gott.',
      ],
      [
        'Fordon och enheter',
        'Varje fordon har en eller flera inspelningsenheter. Fordonslistan visar om ett fordon är online, var det är och dess färdväg. En ny enhet visas som omatchad tills den kopplas till ett fordon. Fordon kan hyras ut till en annan flotta till en vald sluttid.',
      ],
      [
        'Organisationer och konton',
        'Områdesleverantörer har företag, företag har flottor och flottor har platser. Varje administratör ser data för sin egen organisation och de under den. Första inloggningen kräver ett nytt lösenord, och Google Authenticator kan skydda ett konto.',
      ],
    ],
    contact: 'Kontakt: skriv till support@safety-shield.local eller ring din områdesleverantör.',
    page: 'Sida',
  },
};

/** The language the guide is written in for a requested language. */
export const guideLanguage = (language: Language): Exclude<Language, 'ru'> => (language === 'ru' ? 'en' : language);

/** The user guide as a PDF: a title page with the introduction and contact, then one page per chapter. */
export function userGuidePdf(language: Language, release: string): Buffer {
  const guide = guides[guideLanguage(language)];
  const blocks: PdfBlock[] = [
    { kind: 'title', text: guide.title },
    { kind: 'text', text: guide.intro },
    ...guide.chapters.map(([heading], i) => ({ kind: 'text' as const, text: `${i + 1}. ${heading}` })),
    { kind: 'text', text: guide.contact },
    ...guide.chapters.flatMap(([heading, text], i): PdfBlock[] => [
      { kind: 'heading', text: `${i + 1}. ${heading}`, newPage: true },
      { kind: 'text', text },
    ]),
  ];
  return writePdf(blocks, (page, pages) => `Safety Shield ${release} - ${guide.page} ${page} / ${pages}`);
}

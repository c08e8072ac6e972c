import type { Language } from '@safety-shield/contract';

/** The words of the statistics report PDF (`/statistics/report`, issue 19) in one language. */
export interface ReportTexts {
  title: string;
  /** The organisation line when the report covers the caller's whole scope. */
  everything: string;
  organisation: string;
  period: string;
  timeZones: string;
  generated: string;
  page: string;
  sections: {
    summary: string;
    overTime: string;
    byType: string;
    byTag: string;
    fleets: string;
    places: string;
    safety: string;
    safetyTrend: string;
    worstVehicles: string;
    coaching: string;
    allocation: string;
  };
  figures: {
    incidents: string;
    distanceKm: string;
    drivingHours: string;
    per100Km: string;
    vehicles: string;
    active: string;
    utilisation: string;
    score: string;
    points: string;
    pointsPer100Km: string;
    leasedOut: string;
    leasedIn: string;
  };
  columns: { fleet: string; company: string; vehicle: string; place: string; country: string; type: string; tag: string };
  coaching: { marked: string; needsCoaching: string; coached: string; dismissed: string; medianToCoach: string; averageToCoach: string };
  tags: { emergency: string; interactive: string; general: string; none: string };
  /** Under the safety score: how it is computed, and which weights. */
  formula: string;
  defaultWeights: string;
  ownWeights: string;
  /** A range without incidents, or a ranking without rows. */
  nothing: string;
  /** In place of a chart without data. */
  noData: string;
  /** "12 incidents without a town" */
  unplaced: (n: string) => string;
  noScore: string;
  hoursUnit: string;
  daysUnit: string;
}

const en: ReportTexts = {
  title: 'Safety report',
  everything: 'All organisations in your view',
  organisation: 'Organisation',
  period: 'Period',
  timeZones: 'Time zone',
  generated: 'Generated',
  page: 'Page',
  sections: {
    summary: 'Summary',
    overTime: 'Incidents and distance over time',
    byType: 'Incidents by type',
    byTag: 'Incidents by tag',
    fleets: 'Fleets with the most incidents',
    places: 'Where incidents happened',
    safety: 'Safety score by fleet',
    safetyTrend: 'Safety score over time',
    worstVehicles: 'Vehicles with the lowest safety score',
    coaching: 'Coaching',
    allocation: 'Vehicle allocation',
  },
  figures: {
    incidents: 'Incidents',
    distanceKm: 'Distance (km)',
    drivingHours: 'Driving time (h)',
    per100Km: 'Incidents per 100 km',
    vehicles: 'Vehicles',
    active: 'Vehicles that drove',
    utilisation: 'Utilisation (%)',
    score: 'Safety score',
    points: 'Weighted points',
    pointsPer100Km: 'Points per 100 km',
    leasedOut: 'Leased out',
    leasedIn: 'Leased in',
  },
  columns: { fleet: 'Fleet', company: 'Company', vehicle: 'Vehicle', place: 'Place', country: 'Country', type: 'Type', tag: 'Tag' },
  coaching: {
    marked: 'Marked for coaching',
    needsCoaching: 'Waiting for coaching',
    coached: 'Coached',
    dismissed: 'Dismissed',
    medianToCoach: 'Median time to coach',
    averageToCoach: 'Average time to coach',
  },
  tags: { emergency: 'Emergency', interactive: 'Interactive', general: 'General', none: 'No tag' },
  formula:
    'Score = 100 × e^(−points per 100 km ÷ scale). Each incident adds the points of its type, multiplied by its severity (its tag); no score below the minimum distance.',
  defaultWeights: 'Default weights.',
  ownWeights: 'The company’s own weights.',
  nothing: 'Nothing in this period.',
  noData: 'No data for this period',
  unplaced: (n) => `${n} incidents without a town nearby`,
  noScore: 'No score',
  hoursUnit: 'h',
  daysUnit: 'd',
};

const es: ReportTexts = {
  title: 'Informe de seguridad',
  everything: 'Todas las organizaciones a su alcance',
  organisation: 'Organización',
  period: 'Periodo',
  timeZones: 'Zona horaria',
  generated: 'Generado',
  page: 'Página',
  sections: {
    summary: 'Resumen',
    overTime: 'Incidentes y distancia en el tiempo',
    byType: 'Incidentes por tipo',
    byTag: 'Incidentes por etiqueta',
    fleets: 'Flotas con más incidentes',
    places: 'Dónde ocurrieron los incidentes',
    safety: 'Puntuación de seguridad por flota',
    safetyTrend: 'Puntuación de seguridad en el tiempo',
    worstVehicles: 'Vehículos con la puntuación de seguridad más baja',
    coaching: 'Formación de conductores',
    allocation: 'Asignación de vehículos',
  },
  figures: {
    incidents: 'Incidentes',
    distanceKm: 'Distancia (km)',
    drivingHours: 'Tiempo de conducción (h)',
    per100Km: 'Incidentes por 100 km',
    vehicles: 'Vehículos',
    active: 'Vehículos que circularon',
    utilisation: 'Utilización (%)',
    score: 'Puntuación de seguridad',
    points: 'Puntos ponderados',
    pointsPer100Km: 'Puntos por 100 km',
    leasedOut: 'Cedidos',
    leasedIn: 'Recibidos',
  },
  columns: { fleet: 'Flota', company: 'Empresa', vehicle: 'Vehículo', place: 'Lugar', country: 'País', type: 'Tipo', tag: 'Etiqueta' },
  coaching: {
    marked: 'Marcados para formación',
    needsCoaching: 'Pendientes de formación',
    coached: 'Formados',
    dismissed: 'Descartados',
    medianToCoach: 'Tiempo mediano hasta la formación',
    averageToCoach: 'Tiempo medio hasta la formación',
  },
  tags: { emergency: 'Emergencia', interactive: 'Interactivo', general: 'General', none: 'Sin etiqueta' },
  formula:
    'Puntuación = 100 × e^(−puntos por 100 km ÷ escala). Cada incidente suma los puntos de su tipo, multiplicados por su gravedad (su etiqueta); sin puntuación por debajo de la distancia mínima.',
  defaultWeights: 'Ponderaciones predeterminadas.',
  ownWeights: 'Ponderaciones propias de la empresa.',
  nothing: 'Nada en este periodo.',
  noData: 'No hay datos para este periodo',
  unplaced: (n) => `${n} incidentes sin una localidad cercana`,
  noScore: 'Sin puntuación',
  hoursUnit: 'h',
  daysUnit: 'd',
};

const ru: ReportTexts = {
  title: 'Отчёт о безопасности',
  everything: 'Все доступные вам организации',
  organisation: 'Организация',
  period: 'Период',
  timeZones: 'Часовой пояс',
  generated: 'Создан',
  page: 'Страница',
  sections: {
    summary: 'Сводка',
    overTime: 'Инциденты и пробег по времени',
    byType: 'Инциденты по типам',
    byTag: 'Инциденты по меткам',
    fleets: 'Автопарки с наибольшим числом инцидентов',
    places: 'Где происходили инциденты',
    safety: 'Оценка безопасности по автопаркам',
    safetyTrend: 'Оценка безопасности по времени',
    worstVehicles: 'Транспортные средства с самой низкой оценкой безопасности',
    coaching: 'Обучение водителей',
    allocation: 'Распределение транспортных средств',
  },
  figures: {
    incidents: 'Инциденты',
    distanceKm: 'Пробег (км)',
    drivingHours: 'Время в движении (ч)',
    per100Km: 'Инцидентов на 100 км',
    vehicles: 'Транспортные средства',
    active: 'Были в движении',
    utilisation: 'Использование (%)',
    score: 'Оценка безопасности',
    points: 'Взвешенные баллы',
    pointsPer100Km: 'Баллов на 100 км',
    leasedOut: 'Переданы в аренду',
    leasedIn: 'Взяты в аренду',
  },
  columns: {
    fleet: 'Автопарк',
    company: 'Компания',
    vehicle: 'Транспортное средство',
    place: 'Место',
    country: 'Страна',
    type: 'Тип',
    tag: 'Метка',
  },
  coaching: {
    marked: 'Отмечены для обучения',
    needsCoaching: 'Ожидают обучения',
    coached: 'Обучение проведено',
    dismissed: 'Отклонены',
    medianToCoach: 'Медианное время до обучения',
    averageToCoach: 'Среднее время до обучения',
  },
  tags: { emergency: 'Экстренный', interactive: 'Интерактивный', general: 'Общий', none: 'Без метки' },
  formula:
    'Оценка = 100 × e^(−баллы на 100 км ÷ шкала). Каждый инцидент добавляет баллы своего типа, умноженные на его серьёзность (метку); ниже минимального пробега оценки нет.',
  defaultWeights: 'Веса по умолчанию.',
  ownWeights: 'Собственные веса компании.',
  nothing: 'За этот период ничего нет.',
  noData: 'Нет данных за этот период',
  unplaced: (n) => `Инцидентов без ближайшего населённого пункта: ${n}`,
  noScore: 'Нет оценки',
  hoursUnit: 'ч',
  daysUnit: 'д',
};

const nb: ReportTexts = {
  title: 'Sikkerhetsrapport',
  everything: 'Alle organisasjoner du har tilgang til',
  organisation: 'Organisasjon',
  period: 'Periode',
  timeZones: 'Tidssone',
  generated: 'Laget',
  page: 'Side',
  sections: {
    summary: 'Sammendrag',
    overTime: 'Hendelser og kjørelengde over tid',
    byType: 'Hendelser etter type',
    byTag: 'Hendelser etter etikett',
    fleets: 'Flåter med flest hendelser',
    places: 'Hvor hendelsene skjedde',
    safety: 'Sikkerhetspoeng per flåte',
    safetyTrend: 'Sikkerhetspoeng over tid',
    worstVehicles: 'Kjøretøy med lavest sikkerhetspoeng',
    coaching: 'Sjåførveiledning',
    allocation: 'Fordeling av kjøretøy',
  },
  figures: {
    incidents: 'Hendelser',
    distanceKm: 'Kjørelengde (km)',
    drivingHours: 'Kjøretid (t)',
    per100Km: 'Hendelser per 100 km',
    vehicles: 'Kjøretøy',
    active: 'Kjøretøy som kjørte',
    utilisation: 'Utnyttelse (%)',
    score: 'Sikkerhetspoeng',
    points: 'Vektede poeng',
    pointsPer100Km: 'Poeng per 100 km',
    leasedOut: 'Leid ut',
    leasedIn: 'Leid inn',
  },
  columns: { fleet: 'Flåte', company: 'Selskap', vehicle: 'Kjøretøy', place: 'Sted', country: 'Land', type: 'Type', tag: 'Etikett' },
  coaching: {
    marked: 'Merket for veiledning',
    needsCoaching: 'Venter på veiledning',
    coached: 'Veiledet',
    dismissed: 'Avvist',
    medianToCoach: 'Mediantid til veiledning',
    averageToCoach: 'Gjennomsnittlig tid til veiledning',
  },
  tags: { emergency: 'Nødsituasjon', interactive: 'Interaktiv', general: 'Generell', none: 'Uten etikett' },
  formula:
    'Poeng = 100 × e^(−poeng per 100 km ÷ skala). Hver hendelse gir poengene for sin type, ganget med alvorlighetsgraden (etiketten); ingen poengsum under minste kjørelengde.',
  defaultWeights: 'Standardvekter.',
  ownWeights: 'Selskapets egne vekter.',
  nothing: 'Ingenting i denne perioden.',
  noData: 'Ingen data for denne perioden',
  unplaced: (n) => `${n} hendelser uten et tettsted i nærheten`,
  noScore: 'Ingen poengsum',
  hoursUnit: 't',
  daysUnit: 'd',
};

const fr: ReportTexts = {
  title: 'Rapport de sécurité',
  everything: 'Toutes les organisations de votre périmètre',
  organisation: 'Organisation',
  period: 'Période',
  timeZones: 'Fuseau horaire',
  generated: 'Généré le',
  page: 'Page',
  sections: {
    summary: 'Synthèse',
    overTime: 'Incidents et distance dans le temps',
    byType: 'Incidents par type',
    byTag: 'Incidents par étiquette',
    fleets: 'Flottes avec le plus d’incidents',
    places: 'Lieux des incidents',
    safety: 'Score de sécurité par flotte',
    safetyTrend: 'Score de sécurité dans le temps',
    worstVehicles: 'Véhicules au score de sécurité le plus bas',
    coaching: 'Accompagnement des conducteurs',
    allocation: 'Répartition des véhicules',
  },
  figures: {
    incidents: 'Incidents',
    distanceKm: 'Distance (km)',
    drivingHours: 'Temps de conduite (h)',
    per100Km: 'Incidents pour 100 km',
    vehicles: 'Véhicules',
    active: 'Véhicules ayant roulé',
    utilisation: 'Utilisation (%)',
    score: 'Score de sécurité',
    points: 'Points pondérés',
    pointsPer100Km: 'Points pour 100 km',
    leasedOut: 'Prêtés',
    leasedIn: 'Empruntés',
  },
  columns: { fleet: 'Flotte', company: 'Entreprise', vehicle: 'Véhicule', place: 'Lieu', country: 'Pays', type: 'Type', tag: 'Étiquette' },
  coaching: {
    marked: 'Marqués pour accompagnement',
    needsCoaching: 'En attente d’accompagnement',
    coached: 'Accompagnés',
    dismissed: 'Écartés',
    medianToCoach: 'Délai médian avant accompagnement',
    averageToCoach: 'Délai moyen avant accompagnement',
  },
  tags: { emergency: 'Urgence', interactive: 'Interactif', general: 'Général', none: 'Sans étiquette' },
  formula:
    'Score = 100 × e^(−points pour 100 km ÷ échelle). Chaque incident ajoute les points de son type, multipliés par sa gravité (son étiquette) ; pas de score sous la distance minimale.',
  defaultWeights: 'Pondérations par défaut.',
  ownWeights: 'Pondérations propres à l’entreprise.',
  nothing: 'Rien sur cette période.',
  noData: 'Aucune donnée pour cette période',
  unplaced: (n) => `${n} incidents sans localité proche`,
  noScore: 'Pas de score',
  hoursUnit: 'h',
  daysUnit: 'j',
};

const sv: ReportTexts = {
  title: 'Säkerhetsrapport',
  everything: 'Alla organisationer du har tillgång till',
  organisation: 'Organisation',
  period: 'Period',
  timeZones: 'Tidszon',
  generated: 'Skapad',
  page: 'Sida',
  sections: {
    summary: 'Sammanfattning',
    overTime: 'Händelser och körsträcka över tid',
    byType: 'Händelser per typ',
    byTag: 'Händelser per etikett',
    fleets: 'Flottor med flest händelser',
    places: 'Var händelserna inträffade',
    safety: 'Säkerhetspoäng per flotta',
    safetyTrend: 'Säkerhetspoäng över tid',
    worstVehicles: 'Fordon med lägst säkerhetspoäng',
    coaching: 'Förarcoachning',
    allocation: 'Fördelning av fordon',
  },
  figures: {
    incidents: 'Händelser',
    distanceKm: 'Körsträcka (km)',
    drivingHours: 'Körtid (h)',
    per100Km: 'Händelser per 100 km',
    vehicles: 'Fordon',
    active: 'Fordon som körde',
    utilisation: 'Utnyttjande (%)',
    score: 'Säkerhetspoäng',
    points: 'Viktade poäng',
    pointsPer100Km: 'Poäng per 100 km',
    leasedOut: 'Uthyrda',
    leasedIn: 'Inhyrda',
  },
  columns: { fleet: 'Flotta', company: 'Företag', vehicle: 'Fordon', place: 'Plats', country: 'Land', type: 'Typ', tag: 'Etikett' },
  coaching: {
    marked: 'Markerade för coachning',
    needsCoaching: 'Väntar på coachning',
    coached: 'Coachade',
    dismissed: 'Avfärdade',
    medianToCoach: 'Mediantid till coachning',
    averageToCoach: 'Genomsnittlig tid till coachning',
  },
  tags: { emergency: 'Nödläge', interactive: 'Interaktiv', general: 'Allmän', none: 'Utan etikett' },
  formula:
    'Poäng = 100 × e^(−poäng per 100 km ÷ skala). Varje händelse ger sin typs poäng, multiplicerade med dess allvarlighetsgrad (etiketten); ingen poäng under minsta körsträcka.',
  defaultWeights: 'Standardvikter.',
  ownWeights: 'Företagets egna vikter.',
  nothing: 'Inget under denna period.',
  noData: 'Inga data för denna period',
  unplaced: (n) => `${n} händelser utan närliggande ort`,
  noScore: 'Ingen poäng',
  hoursUnit: 'h',
  daysUnit: 'd',
};

const de: ReportTexts = {
  title: 'Sicherheitsbericht',
  everything: 'Alle Organisationen in Ihrem Bereich',
  organisation: 'Organisation',
  period: 'Zeitraum',
  timeZones: 'Zeitzone',
  generated: 'Erstellt',
  page: 'Seite',
  sections: {
    summary: 'Zusammenfassung',
    overTime: 'Vorfälle und Strecke im Zeitverlauf',
    byType: 'Vorfälle nach Typ',
    byTag: 'Vorfälle nach Label',
    fleets: 'Flotten mit den meisten Vorfällen',
    places: 'Wo Vorfälle geschahen',
    safety: 'Sicherheitswert nach Flotte',
    safetyTrend: 'Sicherheitswert im Zeitverlauf',
    worstVehicles: 'Fahrzeuge mit dem niedrigsten Sicherheitswert',
    coaching: 'Fahrercoaching',
    allocation: 'Fahrzeugverteilung',
  },
  figures: {
    incidents: 'Vorfälle',
    distanceKm: 'Strecke (km)',
    drivingHours: 'Fahrzeit (h)',
    per100Km: 'Vorfälle pro 100 km',
    vehicles: 'Fahrzeuge',
    active: 'Gefahrene Fahrzeuge',
    utilisation: 'Auslastung (%)',
    score: 'Sicherheitswert',
    points: 'Gewichtete Punkte',
    pointsPer100Km: 'Punkte pro 100 km',
    leasedOut: 'Verliehen',
    leasedIn: 'Geliehen',
  },
  columns: {
    fleet: 'Flotte',
    company: 'Unternehmen',
    vehicle: 'Fahrzeug',
    place: 'Ort',
    country: 'Land',
    type: 'Typ',
    tag: 'Label',
  },
  coaching: {
    marked: 'Für Coaching markiert',
    needsCoaching: 'Warten auf Coaching',
    coached: 'Gecoacht',
    dismissed: 'Verworfen',
    medianToCoach: 'Mediane Zeit bis zum Coaching',
    averageToCoach: 'Durchschnittliche Zeit bis zum Coaching',
  },
  tags: { emergency: 'Notfall', interactive: 'Interaktiv', general: 'Allgemein', none: 'Ohne Label' },
  formula:
    'Wert = 100 × e^(−Punkte pro 100 km ÷ Skala). Jeder Vorfall zählt die Punkte seines Typs, multipliziert mit seiner Schwere (seinem Label); unter der Mindeststrecke gibt es keinen Wert.',
  defaultWeights: 'Standardgewichtung.',
  ownWeights: 'Eigene Gewichtung des Unternehmens.',
  nothing: 'Nichts in diesem Zeitraum.',
  noData: 'Keine Daten für diesen Zeitraum',
  unplaced: (n) => `${n} Vorfälle ohne nahen Ort`,
  noScore: 'Kein Wert',
  hoursUnit: 'h',
  daysUnit: 'T',
};

/** Every language's report words; the type makes every language have every word. */
export const reportTexts: Record<Language, ReportTexts> = { en, es, ru, nb, fr, sv, de };

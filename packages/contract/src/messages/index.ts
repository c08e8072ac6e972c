import type { Language } from '../languages.js';
import { de, incidentTypeNames as deTypes } from './de.js';
import { en, incidentTypeNames as enTypes } from './en.js';
import { es, incidentTypeNames as esTypes } from './es.js';
import { fr, incidentTypeNames as frTypes } from './fr.js';
import { nb, incidentTypeNames as nbTypes } from './nb.js';
import { ru, incidentTypeNames as ruTypes } from './ru.js';
import { sv, incidentTypeNames as svTypes } from './sv.js';
import type { IncidentTypeNames, Messages } from './types.js';

export type { IncidentTypeNames, Messages };
/** Every language's codeKey messages; the server uses all, the console loads one language at a time. */
export const messages: Record<Language, Messages> = { en, es, ru, nb, fr, sv, de };

/** Every language's incident type names. */
export const incidentTypeNames: Record<Language, IncidentTypeNames> = {
  en: enTypes,
  es: esTypes,
  ru: ruTypes,
  nb: nbTypes,
  fr: frTypes,
  sv: svTypes,
  de: deTypes,
};

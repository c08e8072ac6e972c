import type { Language } from '../languages.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { nb } from './nb.js';
import { ru } from './ru.js';
import { sv } from './sv.js';
import type { Messages } from './types.js';

export type { Messages };
/** Every language's codeKey messages; the server uses all, the console loads one language at a time. */
export const messages: Record<Language, Messages> = { en, es, ru, nb, fr, sv, de };

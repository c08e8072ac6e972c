import type { Language } from '@safety-shield/contract';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { nb } from './nb.js';
import { ru } from './ru.js';
import { sv } from './sv.js';
import type { ServerTexts } from './types.js';

export { type GuideChapter, type GuideChapterId, guideChapterIds, type IncidentMail, type ServerTexts, type UserGuide } from './types.js';

/**
 * The server's texts for people (e-mails, the user guide), one file per language; the type makes every language
 * have every text. The console's texts live with its features, codeKey messages in the contract.
 */
export const serverTexts: Record<Language, ServerTexts> = { en, es, ru, nb, fr, sv, de };

import { formatNumber, type IncidentTypeNames, type Language, type Messages } from '@safety-shield/contract';
import type { Locale } from 'antd/es/locale';
import i18n, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

type Loader<T> = () => Promise<T>;

/** The console's texts, one chunk per language, loaded on demand. */
const uiTexts: Record<Language, Loader<{ default: Record<string, unknown> }>> = {
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
  ru: () => import('./locales/ru.json'),
  nb: () => import('./locales/nb.json'),
  fr: () => import('./locales/fr.json'),
  sv: () => import('./locales/sv.json'),
  de: () => import('./locales/de.json'),
};

/** The server's codeKey messages from the shared contract, used when a failure carries no msg. */
/** A language's codeKey messages and incident type names, both declared once in the contract. */
const codeTexts: Record<Language, Loader<{ codes: Messages; types: IncidentTypeNames }>> = {
  en: () => import('@safety-shield/contract/messages/en').then((m) => ({ codes: m.en, types: m.incidentTypeNames })),
  es: () => import('@safety-shield/contract/messages/es').then((m) => ({ codes: m.es, types: m.incidentTypeNames })),
  ru: () => import('@safety-shield/contract/messages/ru').then((m) => ({ codes: m.ru, types: m.incidentTypeNames })),
  nb: () => import('@safety-shield/contract/messages/nb').then((m) => ({ codes: m.nb, types: m.incidentTypeNames })),
  fr: () => import('@safety-shield/contract/messages/fr').then((m) => ({ codes: m.fr, types: m.incidentTypeNames })),
  sv: () => import('@safety-shield/contract/messages/sv').then((m) => ({ codes: m.sv, types: m.incidentTypeNames })),
  de: () => import('@safety-shield/contract/messages/de').then((m) => ({ codes: m.de, types: m.incidentTypeNames })),
};

const antdLocales: Record<Language, Loader<{ default: Locale }>> = {
  en: () => import('antd/es/locale/en_US'),
  es: () => import('antd/es/locale/es_ES'),
  ru: () => import('antd/es/locale/ru_RU'),
  nb: () => import('antd/es/locale/nb_NO'),
  fr: () => import('antd/es/locale/fr_FR'),
  sv: () => import('antd/es/locale/sv_SE'),
  de: () => import('antd/es/locale/de_DE'),
};

const dayjsLocales: Record<Language, Loader<unknown>> = {
  en: async () => undefined,
  es: () => import('dayjs/locale/es'),
  ru: () => import('dayjs/locale/ru'),
  nb: () => import('dayjs/locale/nb'),
  fr: () => import('dayjs/locale/fr'),
  sv: () => import('dayjs/locale/sv'),
  de: () => import('dayjs/locale/de'),
};

let dayjsLocaleSet = false;

/**
 * dayjs is the console's (times, date pickers): English, its own default, needs it not loaded, so the login page in
 * English does without it; any other language, or English again after one, loads it and sets its locale.
 */
async function setDayjsLocale(language: Language): Promise<void> {
  if (language === 'en' && !dayjsLocaleSet) return;
  const [{ default: dayjs }] = await Promise.all([import('dayjs'), dayjsLocales[language]()]);
  dayjs.locale(language);
  dayjsLocaleSet = true;
}

/**
 * Numbers put into texts in the reader's language (issue 29): a fraction always (2,5 ч, not 2.5), a count (`{{count}}`,
 * what plurals are picked by) also with its grouping (12 345); other whole numbers (ids, versions, channels) stay as
 * they are. Texts use no named formats: this formatter replaces i18next's.
 */
const textNumbers: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value, _format, language, options) =>
    typeof value === 'number' && Number.isFinite(value) && (!Number.isInteger(value) || options?.interpolationkey === 'count')
      ? formatNumber(language ?? 'en', value, 2)
      : value,
};

const ready = i18n
  .use(textNumbers)
  .use(initReactI18next)
  .init({
    lng: 'en',
    fallbackLng: 'en',
    resources: {},
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
  });

/** Texts a feature keeps next to its pages (`features/<domain>[/<part>]/i18n/<language>.json`), each under its own top-level key. */
const featureTexts = import.meta.glob<{ default: Record<string, unknown> }>('../../features/**/i18n/*.json');

function loadFeatureTexts(language: Language) {
  return Promise.all(
    Object.entries(featureTexts)
      .filter(([file]) => file.endsWith(`/${language}.json`))
      .map(([, load]) => load().then((module) => module.default)),
  );
}

async function ensureTexts(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const [ui, features, contract] = await Promise.all([uiTexts[language](), loadFeatureTexts(language), codeTexts[language]()]);
  const texts: Record<string, unknown> = { ...ui.default, ...Object.assign({}, ...features), codeKey: contract.codes };
  texts.events = { ...(texts.events as object), types: contract.types };
  i18n.addResourceBundle(language, 'translation', texts);
}

/** Loads a language's texts, antd's and dayjs's locales, and switches to it; answers antd's locale. */
export async function loadLanguage(language: Language): Promise<Locale> {
  await ready;
  // English is the fallback of every missing text, so it is always loaded too.
  const [antd] = await Promise.all([antdLocales[language](), setDayjsLocale(language), ensureTexts(language), ensureTexts('en')]);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  return antd.default;
}

export { i18n };

/** The seven languages of SPEC section 1, by the code used in cookies, URLs and `Accept-Language`. */
export const languages = ['en', 'es', 'ru', 'nb', 'fr', 'sv', 'de'] as const;
export type Language = (typeof languages)[number];

export const languageNames: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  ru: 'Русский',
  nb: 'Norsk',
  fr: 'Français',
  sv: 'Svenska',
  de: 'Deutsch',
};

/** Maps a BCP 47 tag ('de-AT', 'no', 'nn-NO') to one of ours, or undefined. Browsers say no or nn for Norwegian. */
export function toLanguage(tag: string | undefined | null): Language | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (primary === 'no' || primary === 'nn') return 'nb';
  return (languages as readonly string[]).includes(primary) ? (primary as Language) : undefined;
}

/** Picks the first supported language of an `Accept-Language` header, honouring q-values. */
export function fromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const language = toLanguage(entry.tag);
    if (language) return language;
  }
  return undefined;
}

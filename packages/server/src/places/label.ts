import type { Place } from '@safety-shield/contract';

const countryNames = new Map<string, Intl.DisplayNames>();

/** "Drammen, Norway" in a language (Node's ICU names the country); the code itself where ICU has no name for it. */
export function placeLabel(place: Place | null | undefined, language = 'en'): string | null {
  if (!place) return null;
  let names = countryNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    countryNames.set(language, names);
  }
  return `${place.name}, ${names.of(place.country) ?? place.country}`;
}

import { type DefaultTagKind, defaultTagKinds, defaultTagNames } from '@safety-shield/contract';
import type { TFunction } from 'i18next';

const kindByStoredName = new Map<string, DefaultTagKind>(defaultTagKinds.map((kind) => [defaultTagNames[kind], kind]));

/**
 * A tag's name as the console shows it: a default tag still under its stored (English) name reads in the console's
 * language; a renamed default or a company's own tag reads as the company named it. The stored name never changes.
 */
export function tagName(t: TFunction, name: string): string;
export function tagName(t: TFunction, name: string | null | undefined): string | null | undefined;
export function tagName(t: TFunction, name: string | null | undefined): string | null | undefined {
  const kind = name ? kindByStoredName.get(name) : undefined;
  return kind ? t(`defaultTags.${kind}`) : name;
}

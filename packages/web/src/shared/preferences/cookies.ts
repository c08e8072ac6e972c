import { type Language, toLanguage } from '@safety-shield/contract';
import Cookies from 'js-cookie';

/** SPEC section 9: the global UI sizes; medium is the default. */
export const sizes = ['default', 'medium', 'small', 'mini'] as const;
export type UiSize = (typeof sizes)[number];

const cookie = { expires: 365, sameSite: 'lax' } as const;

/** SPEC section 1: the saved choice, else the browser's language, else English. */
export function initialLanguage(): Language {
  const saved = toLanguage(Cookies.get('language'));
  if (saved) return saved;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return 'en';
}

export const saveLanguage = (language: Language) => Cookies.set('language', language, cookie);

export function initialSize(): UiSize {
  const saved = Cookies.get('size');
  return (sizes as readonly string[]).includes(saved ?? '') ? (saved as UiSize) : 'medium';
}

export const saveSize = (size: UiSize) => Cookies.set('size', size, cookie);

/** Sidebar open (default) or collapsed, remembered across visits. */
export const initialSidebarCollapsed = () => Cookies.get('sidebarStatus') === '0';
export const saveSidebarCollapsed = (collapsed: boolean) => Cookies.set('sidebarStatus', collapsed ? '0' : '1', cookie);

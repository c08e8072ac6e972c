import { type Appearance, appearances, type Language, toLanguage } from '@safety-shield/contract';
import Cookies from 'js-cookie';
import { setAccountTimeZone } from '../time/zone.js';

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
  return isUiSize(saved) ? saved : 'medium';
}

export const saveSize = (size: UiSize) => Cookies.set('size', size, cookie);

/** Sidebar open (default) or collapsed, remembered across visits. */
export const initialSidebarCollapsed = () => Cookies.get('sidebarStatus') === '0';
export const saveSidebarCollapsed = (collapsed: boolean) => Cookies.set('sidebarStatus', collapsed ? '0' : '1', cookie);

/** The settings panel's choices (CONSOLE.md: unlike the original pattern, they persist). */
export interface ShellSettings {
  themeColour: string;
  appearance: Appearance;
  tabsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

/** SPEC section 9: tabs view and sidebar logo on, theme colour blue; the header scrolls away as in the original. */
export const defaultSettings: ShellSettings = {
  themeColour: '#1890ff',
  appearance: 'light',
  tabsView: true,
  fixedHeader: false,
  sidebarLogo: true,
};

const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The valid settings among a partial, untrusted source (a cookie, the server); the rest is left out. */
export function pickSettings(source: Partial<Record<keyof ShellSettings, unknown>> | undefined): Partial<ShellSettings> {
  const picked: Partial<ShellSettings> = {};
  if (typeof source?.themeColour === 'string' && COLOUR.test(source.themeColour)) picked.themeColour = source.themeColour;
  if ((appearances as readonly unknown[]).includes(source?.appearance)) picked.appearance = source?.appearance as Appearance;
  for (const key of ['tabsView', 'fixedHeader', 'sidebarLogo'] as const) {
    const value = source?.[key];
    if (typeof value === 'boolean') picked[key] = value;
  }
  return picked;
}

/** Settings from a partial, untrusted source, with the defaults for what is missing or wrong. */
export const toSettings = (source: Partial<Record<keyof ShellSettings, unknown>> | undefined): ShellSettings => ({
  ...defaultSettings,
  ...pickSettings(source),
});

export const isUiSize = (value: unknown): value is UiSize => (sizes as readonly unknown[]).includes(value);

export function initialSettings(): ShellSettings {
  try {
    return toSettings(JSON.parse(Cookies.get('settings') ?? '{}'));
  } catch {
    return defaultSettings;
  }
}

export const saveSettings = (settings: ShellSettings) => Cookies.set('settings', JSON.stringify(settings), cookie);

/** SPEC section 9: the time zone is taken from the browser and stored with the session; logout clears it (section 4). */
export const saveBrowserTimeZone = () => Cookies.set('timeZone', Intl.DateTimeFormat().resolvedOptions().timeZone, { sameSite: 'lax' });
export function clearTimeZone() {
  Cookies.remove('timeZone');
  // The next account's zone, or the browser's, applies from here (issue 16).
  setAccountTimeZone(null);
}

import type { Language } from '@safety-shield/contract';
import { App, ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useMediaQuery } from '../hooks/use-media-query.js';
import { loadLanguage } from '../i18n/index.js';
import { readableOnDark, readableThemeColour } from './contrast.js';
import { initialSettings, type ShellSettings, saveLanguage, saveSettings, saveSize, type UiSize } from './cookies.js';
import { darkLinkSeed, lightLink, readableComponents, readableTokens } from './readable-theme.js';
import { ThemeVariables } from './ThemeVariables.js';

interface Preferences {
  language: Language;
  size: UiSize;
  /** Loads and switches the language, remembers it; resolves once the page shows it. */
  setLanguage(language: Language): Promise<void>;
  setSize(size: UiSize): void;
  /** The settings panel's choices, remembered in a cookie. */
  settings: ShellSettings;
  changeSettings(changes: Partial<ShellSettings>): void;
}

const PreferencesContext = createContext<Preferences | null>(null);

export function usePreferences(): Preferences {
  const preferences = useContext(PreferencesContext);
  if (!preferences) throw new Error('usePreferences outside PreferencesProvider');
  return preferences;
}

/** ARCHITECTURE section 6: the spec's four sizes on antd's three; mini adds the compact algorithm. */
const antdSize = { default: 'large', medium: 'middle', small: 'small', mini: 'small' } as const;

export function PreferencesProvider(props: { language: Language; locale: Locale; size: UiSize; children: ReactNode }) {
  const [language, setLanguageState] = useState(props.language);
  const [locale, setLocale] = useState(props.locale);
  const [size, setSizeState] = useState(props.size);
  const [settings, setSettings] = useState(initialSettings);
  // WCAG 2.3.3: the system's "reduce motion" stops antd's animations (global.css stills the rest).
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  const dark = settings.appearance === 'dark' || (settings.appearance === 'system' && systemDark);

  const setLanguage = useCallback(async (next: Language) => {
    const nextLocale = await loadLanguage(next);
    saveLanguage(next);
    setLocale(nextLocale);
    setLanguageState(next);
  }, []);
  const setSize = useCallback((next: UiSize) => {
    saveSize(next);
    setSizeState(next);
  }, []);

  const changeSettings = useCallback((changes: Partial<ShellSettings>) => {
    setSettings((current) => {
      const next = { ...current, ...changes };
      saveSettings(next);
      return next;
    });
  }, []);

  const value = useMemo(
    () => ({ language, size, setLanguage, setSize, settings, changeSettings }),
    [language, size, setLanguage, setSize, settings, changeSettings],
  );
  // CONSOLE.md: the theme colour goes through antd's token, not by rewriting CSS at run time.
  const themeConfig = useMemo(() => {
    const primary = readableThemeColour(settings.themeColour);
    const link = dark ? readableOnDark(primary) : lightLink(primary);
    return {
      token: { colorPrimary: primary, colorLink: dark ? darkLinkSeed(link) : link, motion: !reducedMotion, ...readableTokens(dark) },
      components: readableComponents(dark, link, primary),
      algorithm: [dark ? theme.darkAlgorithm : theme.defaultAlgorithm, ...(size === 'mini' ? [theme.compactAlgorithm] : [])],
    };
  }, [size, settings.themeColour, reducedMotion, dark]);

  return (
    <PreferencesContext.Provider value={value}>
      <ConfigProvider locale={locale} componentSize={antdSize[size]} theme={themeConfig}>
        <ThemeVariables dark={dark} />
        <App>{props.children}</App>
      </ConfigProvider>
    </PreferencesContext.Provider>
  );
}

import type { Language } from '@safety-shield/contract';
import { App, ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useMediaQuery } from '../hooks/use-media-query.js';
import { loadLanguage } from '../i18n/index.js';
import { readableOnDark, readableThemeColour } from './contrast.js';
import { initialSettings, type ShellSettings, saveLanguage, saveSettings, saveSize, type UiSize } from './cookies.js';
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

/**
 * antd's secondary texts (breadcrumb, descriptions, placeholders) at 45 % and 25 % black fall short of WCAG AA on
 * white and on the page's grey; these opacities reach it on both, and on the dark theme's surfaces.
 */
const readableTexts = (dark: boolean) => {
  const ink = dark ? '255, 255, 255' : '0, 0, 0';
  return {
    colorTextTertiary: `rgba(${ink}, 0.6)`,
    colorTextDescription: `rgba(${ink}, 0.6)`,
    colorTextPlaceholder: `rgba(${ink}, 0.58)`,
  };
};

/**
 * Where antd's own colours miss AA: a switch's "off" text sits on 25 % black, a success tag's green on pale green.
 * Component tokens darken those surfaces alone (disabled controls elsewhere keep their faint look).
 */
const readableComponents = (dark: boolean, link: string) => ({
  // The selected tab's and a link button's text is the theme colour: on the dark theme, its lightened shade (as a
  // component token: the dark algorithm would derive a darker one from the seed).
  Tabs: dark ? { itemSelectedColor: link, itemHoverColor: link, itemActiveColor: link } : {},
  Button: dark ? { colorLink: link, colorLinkHover: link, colorLinkActive: link } : {},
  Switch: dark
    ? { colorTextQuaternary: 'rgba(255, 255, 255, 0.35)', colorTextTertiary: 'rgba(255, 255, 255, 0.45)' }
    : { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
  Tag: dark ? {} : { colorSuccess: '#237804' },
});

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
    const link = dark ? readableOnDark(primary) : primary;
    return {
      token: { colorPrimary: primary, colorLink: link, motion: !reducedMotion, ...readableTexts(dark) },
      components: readableComponents(dark, link),
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

import { GlobalOutlined } from '@ant-design/icons';
import { type Language, languageNames, languages } from '@safety-shield/contract';
import { App, Dropdown } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../preferences/PreferencesProvider.js';

/** The language menu of the login page and the header; switching says 'Switch Language Success' in the new language. */
export function LanguageSelect({ children }: { children?: ReactNode }) {
  const { language, setLanguage } = usePreferences();
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const choose = async (next: Language) => {
    if (next === language) return;
    await setLanguage(next);
    // Said in the new language: `t` of this render is still bound to the old one.
    message.success(i18n.getFixedT(next)('navbar.switchLanguage'));
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: languages.map((code) => ({ key: code, label: languageNames[code], lang: code })),
        onClick: ({ key }) => void choose(key as Language),
      }}
    >
      <button type="button" className="header-action" aria-label={t('navbar.language')} data-testid="language-select">
        <GlobalOutlined />
        {children ?? <span>{languageNames[language]}</span>}
      </button>
    </Dropdown>
  );
}

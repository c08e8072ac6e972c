import { type Language, languageNames, languages } from '@safety-shield/contract';
import { App, Dropdown } from 'antd';
import { type ReactElement, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../preferences/PreferencesProvider.js';

/** LanguageSelect's menu; switching says 'Switch Language Success' in the new language. */
export function LanguageMenu(props: { open: boolean; onOpenChange(open: boolean): void; onMounted(): void; children: ReactElement }) {
  const { onMounted } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the trigger is in place
  useEffect(() => onMounted(), []);
  const { language, setLanguage } = usePreferences();
  const { i18n } = useTranslation();
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
      open={props.open}
      onOpenChange={props.onOpenChange}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: languages.map((code) => ({ key: code, label: languageNames[code], lang: code })),
        onClick: ({ key }) => {
          props.onOpenChange(false);
          void choose(key as Language);
        },
      }}
    >
      {props.children}
    </Dropdown>
  );
}

import { GlobalOutlined } from '@ant-design/icons';
import { languageNames } from '@safety-shield/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../preferences/PreferencesProvider.js';
import type { LanguageMenu as Menu } from './LanguageMenu.js';

// The menu (antd's Dropdown and Menu) loads when first wanted, a pointer over the button or a click: the login page
// shows the button alone. Once loaded, every language select renders it at once.
let LanguageMenu: typeof Menu | undefined;
const loadMenu = async () => {
  LanguageMenu ??= (await import('./LanguageMenu.js')).LanguageMenu;
};

/** The language menu of the login page and the header. */
export function LanguageSelect() {
  const { language } = usePreferences();
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(() => LanguageMenu !== undefined);
  const [open, setOpen] = useState(false);
  // A click before the menu was there opens it once it is (mounted closed first, as if clicked then).
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const load = () => {
    if (!loaded) void loadMenu().then(() => setLoaded(true));
  };
  const button = (
    <button
      type="button"
      className="header-action"
      // The visible name comes first in the accessible one (WCAG 2.5.3): "English, Language".
      aria-label={`${languageNames[language]}, ${t('navbar.language')}`}
      data-testid="language-select"
      onPointerEnter={load}
      onClick={
        loaded
          ? undefined
          : () => {
              setOpenWhenLoaded(true);
              load();
            }
      }
    >
      <GlobalOutlined />
      <span>{languageNames[language]}</span>
    </button>
  );
  if (!loaded || !LanguageMenu) return button;
  return (
    <LanguageMenu
      open={open}
      onOpenChange={setOpen}
      onMounted={() => {
        if (!openWhenLoaded) return;
        setOpenWhenLoaded(false);
        setOpen(true);
      }}
    >
      {button}
    </LanguageMenu>
  );
}

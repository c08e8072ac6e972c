import { SettingOutlined } from '@ant-design/icons';
import { type Appearance, appearances } from '@safety-shield/contract';
import { ColorPicker, Drawer, Flex, Segmented, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShellSettings } from '../../shared/preferences/cookies.js';
import { usePreferences } from '../../shared/preferences/PreferencesProvider.js';
import { HeaderAction } from './HeaderAction.js';

/** The theme colours offered at a click; any other can be picked. */
const PRESET_COLOURS = ['#1890ff', '#409eff', '#304156', '#11a983', '#13c2c2', '#6959cd', '#f5222d', '#fa8c16'];

type Switchable = Exclude<keyof ShellSettings, 'themeColour' | 'appearance'>;
const SWITCHES: readonly Switchable[] = ['tabsView', 'fixedHeader', 'sidebarLogo'];

/** The settings panel (SPEC section 2): theme colour, light or dark, tab bar, fixed header and sidebar logo, remembered. */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const { settings, changeSettings } = usePreferences();
  const [open, setOpen] = useState(false);
  return (
    <>
      <HeaderAction label={t('navbar.settings')} testId="settings-open" onClick={() => setOpen(true)}>
        <SettingOutlined />
      </HeaderAction>
      <Drawer title={t('settings.title')} open={open} onClose={() => setOpen(false)} size={300} data-testid="settings-drawer">
        <Flex vertical gap={20}>
          <Flex justify="space-between" align="center">
            <Typography.Text id="settings-theme-colour">{t('settings.themeColour')}</Typography.Text>
            <ColorPicker
              aria-labelledby="settings-theme-colour"
              value={settings.themeColour}
              disabledAlpha
              disabledFormat
              format="hex"
              presets={[{ label: t('settings.themeColour'), colors: PRESET_COLOURS }]}
              onChangeComplete={(colour) => changeSettings({ themeColour: colour.toHexString() })}
              data-testid="settings-theme-colour"
            />
          </Flex>
          <Flex vertical gap={8}>
            <Typography.Text id="settings-appearance">{t('settings.appearance')}</Typography.Text>
            <Segmented<Appearance>
              block
              aria-labelledby="settings-appearance"
              value={settings.appearance}
              options={appearances.map((appearance) => ({ value: appearance, label: t(`settings.appearances.${appearance}`) }))}
              onChange={(appearance) => changeSettings({ appearance })}
              data-testid="settings-appearance"
            />
          </Flex>
          {SWITCHES.map((key) => (
            <Flex key={key} justify="space-between" align="center">
              <Typography.Text id={`settings-${key}`}>{t(`settings.${key}`)}</Typography.Text>
              <Switch
                aria-labelledby={`settings-${key}`}
                checked={settings[key]}
                onChange={(checked) => changeSettings({ [key]: checked })}
              />
            </Flex>
          ))}
        </Flex>
      </Drawer>
    </>
  );
}

import { useEffect, useRef } from 'react';
import { isUiSize, pickSettings, type ShellSettings, type UiSize } from '../../shared/preferences/cookies.js';
import { usePreferences } from '../../shared/preferences/PreferencesProvider.js';
import { getParamSetting, type ShellParamSetting, saveParamSetting } from './api/param-setting.js';

const snapshotOf = (settings: ShellSettings, uiSize: UiSize) => JSON.stringify({ ...settings, uiSize } satisfies ShellParamSetting);

/**
 * The settings panel's choices and the UI size follow the account across browsers: read once the console opens,
 * sent back on every change (best effort; the cookies keep working without the server).
 */
export function useAccountPreferences(signedIn: boolean) {
  const { settings, size, changeSettings, setSize } = usePreferences();
  const snapshot = snapshotOf(settings, size);
  const latest = useRef({ settings, size });
  latest.current = { settings, size };
  /** What the server holds as far as we know; undefined until it has answered. */
  const synced = useRef<string>(undefined);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    const settle = (stored: Partial<ShellParamSetting>) => {
      if (!live) return;
      const picked = pickSettings(stored);
      const uiSize = isUiSize(stored.uiSize) ? stored.uiSize : latest.current.size;
      changeSettings(picked);
      setSize(uiSize);
      synced.current = snapshotOf({ ...latest.current.settings, ...picked }, uiSize);
    };
    getParamSetting().then(settle, () => settle({}));
    return () => {
      live = false;
    };
  }, [signedIn, changeSettings, setSize]);

  useEffect(() => {
    if (synced.current === undefined || synced.current === snapshot) return;
    synced.current = snapshot;
    void saveParamSetting(JSON.parse(snapshot) as ShellParamSetting).catch(() => undefined);
  }, [snapshot]);
}

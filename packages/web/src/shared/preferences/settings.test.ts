import { describe, expect, it } from 'vitest';
import { defaultSettings, pickSettings, toSettings } from './cookies.js';

describe('shell settings', () => {
  it('default to the spec’s values', () => {
    expect(toSettings(undefined)).toEqual({
      themeColour: '#1890ff',
      appearance: 'light',
      tabsView: true,
      fixedHeader: false,
      sidebarLogo: true,
    });
  });

  it('keep valid values and replace wrong ones by the defaults', () => {
    expect(toSettings({ themeColour: '#13C2C2', tabsView: false, fixedHeader: 'yes', sidebarLogo: false })).toEqual({
      ...defaultSettings,
      themeColour: '#13C2C2',
      tabsView: false,
      sidebarLogo: false,
    });
    expect(toSettings({ themeColour: 'red' }).themeColour).toBe('#1890ff');
    expect(toSettings({ appearance: 'dark' }).appearance).toBe('dark');
    expect(toSettings({ appearance: 'sepia' }).appearance).toBe('light');
  });

  it('take from the account only what it holds, so a fresh account does not undo this browser’s choices', () => {
    expect(pickSettings({})).toEqual({});
    expect(pickSettings({ tabsView: false, themeColour: '#abc' })).toEqual({ tabsView: false });
  });
});

import { theme } from 'antd';
import { useLayoutEffect } from 'react';

/**
 * The theme's colours as CSS variables on the document (`--ss-*`), so that the console's own style sheets follow
 * antd's light or dark theme instead of fixed colours; `color-scheme` gives scroll bars and form controls the same.
 */
export function ThemeVariables({ dark }: { dark: boolean }) {
  const { token } = theme.useToken();
  useLayoutEffect(() => {
    const root = document.documentElement;
    const variables: Record<string, string> = {
      '--ss-bg-layout': token.colorBgLayout,
      '--ss-bg-container': token.colorBgContainer,
      '--ss-bg-elevated': token.colorBgElevated,
      '--ss-fill': token.colorFillTertiary,
      '--ss-fill-strong': token.colorFillSecondary,
      '--ss-border-light': token.colorBorderSecondary,
      '--ss-text': token.colorText,
      '--ss-text-secondary': token.colorTextSecondary,
    };
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
    root.style.colorScheme = dark ? 'dark' : 'light';
  }, [token, dark]);
  return null;
}

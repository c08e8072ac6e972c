import type { GlobalToken } from 'antd';

export interface BasemapColours {
  sea: string;
  land: string;
  coast: string;
  border: string;
  grid: string;
}

type ThemeColours = Pick<GlobalToken, 'colorInfoBg' | 'colorBgContainer' | 'colorInfoBorder' | 'colorTextQuaternary' | 'colorBorder'>;

/**
 * The offline map in the theme's colours (the tokens the `--ss-*` variables come from), so a dark console gets a
 * dark map: sea in the info tint, land like a card, the coast in the info border, borders as faint text.
 */
export const basemapColours = (token: ThemeColours): BasemapColours => ({
  sea: token.colorInfoBg,
  land: token.colorBgContainer,
  coast: token.colorInfoBorder,
  border: token.colorTextQuaternary,
  grid: token.colorBorder,
});

/** WCAG 2 contrast, for the theme colour the user picks (issue 16: 0 serious axe findings). */

type Rgb = readonly [number, number, number];

const parse = (hex: string): Rgb => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as unknown as Rgb;
const format = (rgb: Rgb) => `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(parse(a)), luminance(parse(b))].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal text. */
export const AA = 4.5;

export const BLACK: Rgb = [0, 0, 0];
export const WHITE: Rgb = [255, 255, 255];

/** The colour moved step by step towards `towards` until `done` accepts it (or it arrives). */
export function shiftUntil(hex: string, towards: Rgb, done: (hex: string) => boolean): string {
  let rgb = parse(hex);
  for (let step = 0; step < 100 && !done(format(rgb)); step++) {
    rgb = rgb.map((channel, index) => channel + ((towards[index] ?? channel) - channel) * 0.03) as unknown as Rgb;
  }
  return format(rgb);
}

/** The colour moved step by step towards `towards` until it reaches AA against `against`. */
export const shiftUntilReadable = (hex: string, towards: Rgb, against: string): string =>
  shiftUntil(hex, towards, (colour) => contrastRatio(colour, against) >= AA);

/**
 * The theme colour as the console draws it: the picked colour when white text on it (buttons, the selected menu
 * entry, the active tab) and it as text on white (links) both reach AA; otherwise the same hue, darkened just enough.
 */
export const readableThemeColour = (hex: string) => shiftUntilReadable(hex, BLACK, '#ffffff');

/** The dark theme's surface (antd's `colorBgContainer` there). */
export const DARK_SURFACE = '#141414';

/** The theme colour as text on the dark theme's surfaces (links, the selected tab): lightened just enough. */
export const readableOnDark = (hex: string) => shiftUntilReadable(hex, WHITE, DARK_SURFACE);

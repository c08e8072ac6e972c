import { theme } from 'antd';
import { AA, BLACK, contrastRatio, DARK_SURFACE, shiftUntil, shiftUntilReadable, WHITE } from './contrast.js';

/**
 * Issue 16 (0 serious axe findings): where antd's own colours fall short of WCAG AA, the tokens that reach it, in
 * the light and the dark theme. Each moves a colour just enough, keeping its hue.
 */

/** antd's tag colours (incident types, states): `…7` as text on `…1`. */
const PRESETS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'];
/** Status colours as text: on their own pale background (tags) and on the page (texts, danger links). Info is the theme colour, made readable on its own. */
const STATUSES = ['Success', 'Warning', 'Error'];

/** The picture preview's mask, by theme: dark enough that the page under it recedes and the white toolbar reads. */
export const PREVIEW_MASK = { light: 'rgba(0, 0, 0, 0.8)', dark: 'rgba(0, 0, 0, 0.88)' } as const;

type Tokens = Record<string, unknown>;
const isHex = (value: unknown): value is string => typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

const designTokens = (dark: boolean, token?: Tokens) =>
  theme.getDesignToken({ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm, token }) as unknown as Tokens;

/** Each text token of `pairs` moved (lighter on dark, darker on light) until it reads on its background token. */
function readableAgainst(tokens: Tokens, pairs: ReadonlyArray<readonly [text: string, background: string]>, dark: boolean) {
  return Object.fromEntries(
    pairs.flatMap(([text, background]) => {
      const colour = tokens[text];
      const against = tokens[background];
      return isHex(colour) && isHex(against) ? [[text, shiftUntilReadable(colour, dark ? WHITE : BLACK, against)]] : [];
    }),
  );
}

/** Secondary texts and placeholders at 45 % and 25 % ink fall short on white, on the page's grey and on dark. */
function texts(dark: boolean) {
  const ink = dark ? '255, 255, 255' : '0, 0, 0';
  return {
    colorTextTertiary: `rgba(${ink}, 0.6)`,
    colorTextDescription: `rgba(${ink}, 0.6)`,
    colorTextPlaceholder: `rgba(${ink}, 0.58)`,
  };
}

/**
 * The pale backgrounds and borders antd derives from its own status colours (a tag's, an alert's). antd would derive
 * them from the darkened colours instead, and a darker seed gives a grey background (issue 29: "Online", "Applied"
 * and "Done" read as greyed out on #BDC4B7): these keep the status's hue, and the text is made readable on them.
 */
function paleStatusBackgrounds(tokens: Tokens) {
  const suffixes = ['Bg', 'BgHover', 'Border', 'BorderHover'];
  return Object.fromEntries(
    STATUSES.flatMap((status) =>
      suffixes.flatMap((suffix) => {
        const colour = tokens[`color${status}${suffix}`];
        return isHex(colour) ? [[`color${status}${suffix}`, colour]] : [];
      }),
    ),
  );
}

/** Global tokens: the faint texts, and the status colours as text on the page (a danger link's "Delete", a success text). */
export function readableTokens(dark: boolean) {
  // Light only: white on a danger button must stay readable as well, so these colours are only ever darkened.
  if (dark) return texts(dark);
  // The palest ground a status text stands on is a selected row (colorPrimaryBg), not white: a danger link there reads too.
  const base = designTokens(dark);
  const tokens = { ...base, surface: isHex(base.colorPrimaryBg) ? base.colorPrimaryBg : '#ffffff' };
  return {
    ...texts(dark),
    ...readableAgainst(
      tokens,
      STATUSES.map((status) => [`color${status}`, 'surface'] as const),
      dark,
    ),
    ...paleStatusBackgrounds(tokens),
  };
}

/**
 * The light theme's link colour: the theme colour, darkened until it reads on the palest ground a link stands on, a
 * selected or hovered row (the theme's colorPrimaryBg): #1374ce reads 4.3:1 there (a row's "Unlock" link button).
 */
export function lightLink(primary: string): string {
  const ground = designTokens(false, { colorPrimary: primary }).colorPrimaryBg;
  return isHex(ground) ? shiftUntilReadable(primary, BLACK, ground) : primary;
}

/**
 * The `colorLink` seed whose link colour reads on the dark surface: the dark algorithm draws links in a darker shade
 * of the seed (its palette's 7th), so the seed is lightened until that shade reaches AA.
 */
export function darkLinkSeed(colour: string): string {
  const derived = (seed: string) => designTokens(true, { colorLink: seed }).colorLink;
  return shiftUntil(colour, WHITE, (seed) => {
    const link = derived(seed);
    return isHex(link) && contrastRatio(link, DARK_SURFACE) >= AA;
  });
}

/**
 * The dark theme's danger colour for buttons: as text (a "Delete" link) it must read on the dark surface, which no red
 * does under white text; so a solid danger button there takes black text.
 */
function darkDangerButton(tokens: Tokens) {
  const readable = (token: string) => {
    const colour = tokens[token];
    return isHex(colour) ? { [token]: shiftUntilReadable(colour, WHITE, DARK_SURFACE) } : {};
  };
  return { ...readable('colorError'), ...readable('colorErrorHover'), ...readable('colorErrorActive'), dangerColor: '#000000' };
}

/**
 * A primary button's hover and pressed colours: antd derives lighter shades of the theme colour, under which white text
 * falls short of AA (#1374ce's hover reads 3.4:1); these are darker shades instead, so the text reads in every state.
 */
export function primaryButtonStates(primary: string) {
  const base = contrastRatio(primary, '#ffffff');
  return {
    colorPrimaryHover: shiftUntil(primary, BLACK, (shade) => contrastRatio(shade, '#ffffff') >= base * 1.15),
    colorPrimaryActive: shiftUntil(primary, BLACK, (shade) => contrastRatio(shade, '#ffffff') >= base * 1.3),
  };
}

/** Component tokens: tag colours on their pale backgrounds, and the places antd draws text in a faint colour. */
export function readableComponents(dark: boolean, link: string, primary = link) {
  // With the global overrides in force: the status colours moved there, on the pale backgrounds kept there.
  const tokens = { ...designTokens(dark, readableTokens(dark)), surface: dark ? DARK_SURFACE : '#ffffff' };
  const tagTexts = readableAgainst(
    tokens,
    [
      ...PRESETS.map((preset) => [`${preset}7`, `${preset}1`] as const),
      ...STATUSES.map((status) => [`color${status}`, `color${status}Bg`] as const),
      // A "processing" tag (a task running, a request sent) is the info colour on its pale background.
      ['colorInfo', 'colorInfoBg'] as const,
    ],
    dark,
  );
  return {
    // The selected tab's and a link button's text is the theme colour: on the dark theme, its lightened shade (as a
    // component token: the dark algorithm would derive a darker one from the seed).
    Tabs: dark ? { itemSelectedColor: link, itemHoverColor: link, itemActiveColor: link } : {},
    Button: {
      ...primaryButtonStates(primary),
      ...(dark ? { colorLink: link, colorLinkHover: link, colorLinkActive: link, ...darkDangerButton(tokens) } : {}),
    },
    // A switch's "off" text sits on 25 % ink.
    Switch: dark
      ? { colorTextQuaternary: 'rgba(255, 255, 255, 0.35)', colorTextTertiary: 'rgba(255, 255, 255, 0.45)' }
      : { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
    Tag: tagTexts,
    // Typography's success and warning texts are the status colours on the page.
    Typography: readableAgainst(
      tokens,
      STATUSES.map((status) => [`color${status}`, 'surface'] as const),
      dark,
    ),
    // A picture's preview: antd's mask (45 % black) barely darkens the dark theme's page, and leaves the light one
    // grey, so the preview's white toolbar sits on page content. A darker mask separates it in both (issue 29).
    Image: { colorBgMask: PREVIEW_MASK[dark ? 'dark' : 'light'] },
    // An empty table's own text ("Nobody has viewed the evidence yet") is drawn in the disabled colour.
    Table: { colorTextDisabled: dark ? 'rgba(255, 255, 255, 0.6)' : 'rgba(0, 0, 0, 0.6)' },
  };
}

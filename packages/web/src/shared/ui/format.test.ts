import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.js';
import { actorText, decimalMark, distanceText, numberText, percentText, sizeText, speedText, unitText } from './format.js';

/** Intl separates a number from its unit and groups digits with no-break spaces: compared as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the console’s numbers follow its language (issue 29)', () => {
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('writes figures, units and sizes as the current language does', async () => {
    await i18n.changeLanguage('en');
    expect(speedText(52.45)).toBe('52.5 km/h');
    expect(sizeText(1536)).toBe('1.5 kB');
    expect(decimalMark()).toBe('.');
    await i18n.changeLanguage('ru');
    expect(plain(speedText(52.45))).toBe('52,5 км/ч');
    expect(plain(distanceText(12345.6))).toBe('12 345,6 км');
    expect(plain(sizeText(1536))).toBe('1,5 кБ');
    expect(plain(percentText(42.5))).toBe('42,5 %');
    expect(numberText(0.125, 2)).toBe('0,13');
    expect(unitText('kilometer-per-hour')).toBe('км/ч');
    expect(decimalMark()).toBe(',');
    expect(numberText(null)).toBe('—');
    expect(sizeText(undefined)).toBe('—');
  });

  it('writes numbers put into texts in the reader’s language: fractions and counts, not ids', async () => {
    i18n.addResourceBundle('ru', 'translation', { formatTest: { line: '{{count}} ч · {{share}} · задача #{{id}}' } }, true, true);
    await i18n.changeLanguage('ru');
    expect(plain(i18n.t('formatTest.line', { count: 12345.5, share: 0.5, id: 12345 }))).toBe('12 345,5 ч · 0,5 · задача #12345');
  });

  it('names an installer’s link in the reader’s words, an account by its username', async () => {
    i18n.addResourceBundle('ru', 'translation', { actor: { installer: 'установщик (ссылка № {{link}})' } }, true, true);
    await i18n.changeLanguage('ru');
    expect(actorText('installer (link #7)')).toBe('установщик (ссылка № 7)');
    expect(actorText('admin')).toBe('admin');
    expect(actorText(null)).toBe('—');
  });
});

import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import de from './locales/de.json' with { type: 'json' };
import { tagName } from './tag-name.js';

describe('tag names', () => {
  beforeAll(async () => {
    await i18n.init({ lng: 'de', resources: { de: { translation: de } } });
  });

  it('shows an unrenamed default tag in the reader language and any other tag as named', () => {
    expect(tagName(i18n.t, 'Emergency')).toBe('Notfall');
    expect(tagName(i18n.t, 'General')).toBe('Allgemein');
    expect(tagName(i18n.t, 'Baustelle')).toBe('Baustelle');
    expect(tagName(i18n.t, null)).toBeNull();
  });
});

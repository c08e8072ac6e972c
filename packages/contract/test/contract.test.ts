import { describe, expect, it } from 'vitest';
import { codeKeys, fromAcceptLanguage, languages, loginExpiredCodes, toLanguage } from '../src/index.js';
import { messages } from '../src/messages/index.js';

describe('languages', () => {
  it('maps browser tags to ours, Norwegian no and nn to nb', () => {
    expect(toLanguage('de-AT')).toBe('de');
    expect(toLanguage('no')).toBe('nb');
    expect(toLanguage('nn-NO')).toBe('nb');
    expect(toLanguage('zh-CN')).toBeUndefined();
  });

  it('honours the q-values of Accept-Language', () => {
    expect(fromAcceptLanguage('zh-CN,fr;q=0.5,sv;q=0.8')).toBe('sv');
    expect(fromAcceptLanguage('ja')).toBeUndefined();
    expect(fromAcceptLanguage(undefined)).toBeUndefined();
  });
});

describe('codeKeys', () => {
  it('gives every codeKey a distinct numeric code', () => {
    const codes = Object.values(codeKeys).map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('marks exactly the three token codes of SPEC section 8 as login expired', () => {
    expect([...loginExpiredCodes].sort()).toEqual([50001, 50003, 50014]);
  });

  it('has a real translation of every message in every language', () => {
    for (const language of languages) {
      for (const key of Object.keys(codeKeys) as (keyof typeof codeKeys)[]) {
        expect(messages[language][key], `${language} ${key}`).toMatch(/\S/);
        if (language !== 'en' && key !== 'REQUEST_SUCCESS') {
          // A copy of the English text is a missing translation (a few short words may coincide; none of ours do).
          expect(messages[language][key], `${language} ${key}`).not.toBe(messages.en[key]);
        }
      }
    }
  });
});

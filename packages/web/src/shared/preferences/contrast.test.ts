import { describe, expect, it } from 'vitest';
import { AA, contrastRatio, DARK_SURFACE, readableOnDark, readableThemeColour } from './contrast.js';

describe('theme colour contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('keeps a colour that already reads, and darkens one that does not until white text on it reaches AA', () => {
    expect(readableThemeColour('#304156')).toBe('#304156');
    for (const picked of ['#1890ff', '#13c2c2', '#fa8c16', '#ffffff']) {
      const drawn = readableThemeColour(picked);
      expect(contrastRatio(drawn, '#ffffff')).toBeGreaterThanOrEqual(AA);
      // Just enough: one step lighter would not read.
      expect(contrastRatio(drawn, '#ffffff')).toBeLessThan(AA * 1.1);
    }
    expect(readableThemeColour('#1890ff')).toBe('#1374ce');
  });

  it('lightens the theme colour for text on the dark theme, just enough', () => {
    for (const picked of ['#1890ff', '#304156', '#6959cd', '#f5222d']) {
      const drawn = readableOnDark(readableThemeColour(picked));
      expect(contrastRatio(drawn, DARK_SURFACE)).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(drawn, DARK_SURFACE)).toBeLessThan(AA * 1.15);
    }
  });
});

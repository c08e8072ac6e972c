import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './redirect.js';

describe('safeRedirect', () => {
  it('keeps a path of the console with its query', () => {
    expect(safeRedirect('/event/list?page=2&limit=50')).toBe('/event/list?page=2&limit=50');
  });
  it('refuses other sites and falls back to the dashboard', () => {
    for (const target of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '', null]) {
      expect(safeRedirect(target)).toBe('/');
    }
  });
  it('never sends the user back to the login page', () => {
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
  });
});

describe('loginPathFor', () => {
  it('encodes the wanted path and its query', () => {
    expect(loginPathFor('/dashboard?tab=2')).toBe('/login?redirect=%2Fdashboard%3Ftab%3D2');
  });
});

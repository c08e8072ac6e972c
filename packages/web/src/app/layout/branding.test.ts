import { describe, expect, it } from 'vitest';
import { sidebarImageFor } from './branding.js';

describe('sidebar branding rule', () => {
  it('shows the image only for agent 64 with company 65 (SPEC section 2)', () => {
    expect(sidebarImageFor(64, 65)?.src).toMatch(/^data:image\/svg\+xml,/);
    expect(sidebarImageFor(64, 66)).toBeUndefined();
    expect(sidebarImageFor(65, 64)).toBeUndefined();
    expect(sidebarImageFor(64, null)).toBeUndefined();
    expect(sidebarImageFor(undefined, undefined)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { cleanRecipients, MAX_RECIPIENTS, recipientProblem } from './recipients.js';

describe('notification recipients', () => {
  it('accepts up to ten distinct e-mail addresses', () => {
    const ten = Array.from({ length: MAX_RECIPIENTS }, (_, i) => `ops${i}@fleet.example`);
    expect(recipientProblem(ten)).toBeNull();
    expect(recipientProblem([])).toBeNull();
  });

  it('refuses an eleventh address', () => {
    const eleven = Array.from({ length: MAX_RECIPIENTS + 1 }, (_, i) => `ops${i}@fleet.example`);
    expect(recipientProblem(eleven)).toEqual({ problem: 'tooMany' });
  });

  it('names the first address that is not an e-mail', () => {
    expect(recipientProblem(['a@b.example', 'not-an-email', 'x@'])).toEqual({ problem: 'invalid', address: 'not-an-email' });
  });

  it('refuses the same address twice, whatever its case', () => {
    expect(recipientProblem(['Ops@Fleet.example', 'ops@fleet.example'])).toEqual({ problem: 'duplicate', address: 'ops@fleet.example' });
  });

  it('trims and leaves out blanks', () => {
    expect(cleanRecipients([' a@b.example ', '', '  '])).toEqual(['a@b.example']);
    expect(cleanRecipients(undefined)).toEqual([]);
  });
});

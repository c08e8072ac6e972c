import { describe, expect, it } from 'vitest';
import { passwordProblem, usernameProblem } from './account-rules.js';

describe('account form checks', () => {
  it('wants 13 characters with upper, lower, digit and symbol', () => {
    expect(passwordProblem('Short1!', {})).toBe('validation.passwordRule');
    expect(passwordProblem('longpassword1!x', {})).toBe('validation.passwordRule');
    expect(passwordProblem('LongPassword12', {})).toBe('validation.passwordRule');
    expect(passwordProblem('LongPassword1!', {})).toBeNull();
  });

  it('refuses a password sharing more than 3 characters in a row with the phone or e-mail', () => {
    expect(passwordProblem('Fleet5551234!x', { phone: '+15551234567' })).toBe('validation.sharesWithContact');
    expect(passwordProblem('Fleet555!xyzAb', { phone: '+15551234567' })).toBeNull();
    expect(passwordProblem('JohnSmith2026!', { email: 'johnsmith@example.com' })).toBe('validation.sharesWithContact');
  });

  it('checks the username pattern and its overlap with the contact', () => {
    expect(usernameProblem('ab', {})).toBe('validation.username');
    expect(usernameProblem('has space', {})).toBe('validation.username');
    expect(usernameProblem('fleet.admin_1', {})).toBeNull();
    expect(usernameProblem('maria', { email: 'maria@example.com' })).toBe('validation.sharesWithContact');
  });
});

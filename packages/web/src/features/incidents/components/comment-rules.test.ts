import { COMMENT_MAX_LENGTH } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import { commentProblem } from './comment-rules.js';

describe('a comment before it is sent', () => {
  it('is refused when empty or only blanks', () => {
    expect(commentProblem('')).toBe('empty');
    expect(commentProblem(' \n\t ')).toBe('empty');
  });

  it('is refused over the contract maximum and accepted otherwise', () => {
    expect(commentProblem('x'.repeat(COMMENT_MAX_LENGTH + 1))).toBe('tooLong');
    expect(commentProblem('  Driver called, all fine ')).toBeUndefined();
  });
});

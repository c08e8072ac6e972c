import { COMMENT_MAX_LENGTH } from '@safety-shield/contract';

/** SPEC section 5: an empty or blank comment is refused before it is sent ('Please enter the comment!'). */
export function commentProblem(body: string): 'empty' | 'tooLong' | undefined {
  if (body.trim() === '') return 'empty';
  if (body.length > COMMENT_MAX_LENGTH) return 'tooLong';
  return undefined;
}

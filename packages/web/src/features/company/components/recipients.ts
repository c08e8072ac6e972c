import { EMAIL_PATTERN } from '@safety-shield/contract';

/** The contract's limits on the notification recipients. */
export const MAX_RECIPIENTS = 10;
export const RECIPIENT_MAX_LENGTH = 128;

export type RecipientProblem = 'tooMany' | 'invalid' | 'duplicate';

/** What is wrong with a recipient list, and which address, or null. */
export function recipientProblem(recipients: readonly string[]): { problem: RecipientProblem; address?: string } | null {
  if (recipients.length > MAX_RECIPIENTS) return { problem: 'tooMany' };
  const seen = new Set<string>();
  for (const address of recipients) {
    if (address.length > RECIPIENT_MAX_LENGTH || !EMAIL_PATTERN.test(address)) return { problem: 'invalid', address };
    const key = address.toLowerCase();
    if (seen.has(key)) return { problem: 'duplicate', address };
    seen.add(key);
  }
  return null;
}

/** Trimmed addresses, blanks left out. */
export const cleanRecipients = (values: readonly string[] | undefined) => (values ?? []).map((value) => value.trim()).filter(Boolean);

import type { CodeKey } from '@safety-shield/contract';

/** An error of the SPEC section 8 catalogue; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly codeKey: CodeKey,
    /** Appended to the translated message, e.g. the name of the field that failed. */
    readonly detail?: string,
    readonly data: unknown = null,
  ) {
    super(detail ? `${codeKey}: ${detail}` : codeKey);
    this.name = 'AppError';
  }
}

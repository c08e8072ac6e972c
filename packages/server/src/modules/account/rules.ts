import {
  EMAIL_PATTERN,
  isTimeZone,
  PHONE_PATTERN,
  passwordMeetsRule,
  sharesTooMuchWithContact,
  USERNAME_PATTERN,
} from '@safety-shield/contract';
import { AppError } from '../../http/errors.js';

interface Contact {
  phone?: string | null;
  email?: string | null;
}

/** SPEC section 5: phone 10–14 digits, a standard e-mail. */
export function checkContact({ phone, email }: Contact): void {
  if (phone && !PHONE_PATTERN.test(phone)) throw new AppError('PARAM_CHECK_FAIL', 'phone', { field: 'phone' });
  if (email && !EMAIL_PATTERN.test(email)) throw new AppError('PARAM_CHECK_FAIL', 'email', { field: 'email' });
}

/** An IANA time zone the server knows (issue 16); empty clears it, so the browser's applies again. */
export function checkTimeZone(timeZone: string | null | undefined): string | null | undefined {
  if (timeZone === undefined || timeZone === null || timeZone === '') return timeZone === '' ? null : timeZone;
  if (!isTimeZone(timeZone)) throw new AppError('PARAM_CHECK_FAIL', 'timeZone', { field: 'timeZone' });
  return timeZone;
}

export function checkUsername(username: string, contact: Contact): void {
  if (!USERNAME_PATTERN.test(username) || sharesTooMuchWithContact(username, contact)) throw new AppError('USERNAME_VALIDATE_FAIL');
}

/** The password rule (stronger reading, docs/decisions.md), the repeat, and the shared-characters rule. */
export function checkNewPassword(password: string, rePassword: string, contact: Contact): void {
  if (password !== rePassword) throw new AppError('USER_TWO_PWD_NOT_MATCH');
  if (!passwordMeetsRule(password) || sharesTooMuchWithContact(password, contact)) throw new AppError('PASSWORD_VALIDATE_FAIL');
}

/** An expiry date must lie ahead (null: never expires). */
export function checkExpireTime(expireTime: number | null | undefined): Date | null | undefined {
  if (expireTime === undefined || expireTime === null) return expireTime;
  if (expireTime <= Date.now()) throw new AppError('USER_EXPIRE_TIME_ERROR');
  return new Date(expireTime);
}

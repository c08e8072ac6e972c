import { EMAIL_PATTERN, PHONE_PATTERN, passwordMeetsRule, sharesTooMuchWithContact, USERNAME_PATTERN } from '@safety-shield/contract';
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { maxLength, requiredText, valueRule } from './rules.js';

/** The i18n key of what is wrong with a new password, or null (SPEC sections 5 and 9). */
export function passwordProblem(password: string, contact: { phone?: string | null; email?: string | null }): string | null {
  if (!passwordMeetsRule(password)) return 'validation.passwordRule';
  if (sharesTooMuchWithContact(password, contact)) return 'validation.sharesWithContact';
  return null;
}

/** The i18n key of what is wrong with a username, or null. */
export function usernameProblem(username: string, contact: { phone?: string | null; email?: string | null }): string | null {
  if (!USERNAME_PATTERN.test(username)) return 'validation.username';
  if (sharesTooMuchWithContact(username, contact)) return 'validation.sharesWithContact';
  return null;
}

// biome-ignore lint/suspicious/noExplicitAny: antd's form values are any by design
type AnyForm = FormInstance<any>;

const contactOf = (form: AnyForm) => ({
  phone: form.getFieldValue('phone') as string | undefined,
  email: form.getFieldValue('email') as string | undefined,
});

const check = (problem: string | null, t: TFunction) => (problem ? Promise.reject(new Error(t(problem))) : Promise.resolve());

/** The antd rules of the account forms, with the contract's checks and translated messages. */
export const accountRules = (t: TFunction) => ({
  username: (form: AnyForm): FormRule[] => [
    requiredText(t('validation.usernameRequired')),
    { validator: (_, value: string | undefined) => (value ? check(usernameProblem(value, contactOf(form)), t) : Promise.resolve()) },
  ],
  /** A new password; `form` gives the phone and e-mail it must not share more than 3 characters with. */
  password: (form?: AnyForm): FormRule[] => [
    { required: true, message: t('validation.passwordRequired') },
    {
      validator: (_, value: string | undefined) =>
        value ? check(passwordProblem(value, form ? contactOf(form) : {}), t) : Promise.resolve(),
    },
  ],
  /** The repeated password, equal to the field `of`. */
  repeat: (of = 'password'): FormRule[] => [
    { required: true, message: t('validation.repeatRequired') },
    ({ getFieldValue }) => valueRule((value: string | undefined) => !value || value === getFieldValue(of), t('validation.passwordsDiffer')),
  ],
  phone: [{ pattern: PHONE_PATTERN, message: t('validation.phone') }] as FormRule[],
  email: [{ pattern: EMAIL_PATTERN, message: t('validation.email') }, maxLength(t, 128)] as FormRule[],
  fixedTel: [{ pattern: /^\+?[\d\s()-]{5,32}$/, message: t('validation.fixedTel') }, maxLength(t, 32)] as FormRule[],
});

import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** A text that must be given: spaces alone are not one. */
export const requiredText = (message: string): FormRule => ({ required: true, whitespace: true, message });

/** At most `max` characters, said in the console's words. */
export const maxLength = (t: TFunction, max: number): FormRule => ({ max, message: t('form.maxLength', { max }) });

/** A whole number that must be given, from `min` to `max`: one message when it is missing, one when it is out of range. */
export const requiredWholeNumber = (messages: { required: string; range: string }, max: number, min = 0): FormRule[] => [
  { required: true, message: messages.required },
  { type: 'integer', min, max, message: messages.range },
];

/** A rule as an object (not one made from the form): what a rule made from the form returns. */
type RuleObject = Exclude<FormRule, (form: never) => unknown>;

/** A check of the field's value: `message` under the field when `ok` says no. */
export const valueRule = <T>(ok: (value: T) => boolean, message: string): RuleObject => ({
  validator: (_, value: T) => (ok(value) ? Promise.resolve() : Promise.reject(new Error(message))),
});

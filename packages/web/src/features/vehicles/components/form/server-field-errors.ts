import type { CodeKey } from '@safety-shield/contract';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../../shared/http/client.js';

/**
 * Shows a refusal of the server under the field it is about (the HTTP layer has toasted it already);
 * answers whether the error was one of `fields`.
 */
export function showFieldError<V>(form: FormInstance<V>, error: unknown, fields: Partial<Record<CodeKey, string>>, t: TFunction): boolean {
  if (!(error instanceof ApiError) || !error.codeKey) return false;
  const field = fields[error.codeKey];
  if (!field) return false;
  form.setFields([{ name: field as never, errors: [error.message || t(`codeKey.${error.codeKey}`)] }]);
  form.scrollToField(field as never);
  return true;
}

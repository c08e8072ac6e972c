import { Form, type FormRule, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountRules } from './account-rules.js';

/** A new password and its repetition (fields password, rePassword); `rules` check the new one (accountRules' password and more). */
export function NewPasswordFields({ rules }: { rules: FormRule[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="password" label={t('account.newPassword')} rules={rules} extra={t('validation.passwordHint')}>
        <Input.Password maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="rePassword" label={t('account.rePassword')} rules={accountRules(t).repeat()} dependencies={['password']}>
        <Input.Password maxLength={64} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

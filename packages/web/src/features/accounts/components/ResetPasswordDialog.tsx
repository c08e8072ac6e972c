import type { AccountRecord } from '@safety-shield/contract';
import { Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { accountRules } from '../../../shared/forms/account-rules.js';
import { NewPasswordFields } from '../../../shared/forms/NewPasswordFields.js';
import { FormDialog } from '../../../shared/ui/FormDialog.js';
import { useAttempt } from '../../../shared/ui/use-attempt.js';
import { useResetPassword } from '../api/manage-account.js';

interface ResetValues {
  password: string;
  rePassword: string;
}

/** Sets a new password for another account; its owner must change it at the next login. */
export function ResetPasswordDialog({ account, onClose }: { account: AccountRecord | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const [form] = Form.useForm<ResetValues>();
  const reset = useResetPassword();
  const rules = accountRules(t);

  useEffect(() => {
    if (account) {
      form.resetFields();
      // The new password must not share too much with this account's phone or e-mail either.
      form.setFieldsValue({ phone: account.phone, email: account.email } as never);
    }
  }, [account, form]);

  const submit = async (values: ResetValues) => {
    if (!account) return;
    const body = { uid: account.uid, password: values.password, rePassword: values.rePassword };
    if (await attempt(() => reset.mutateAsync(body), t('account.resetDone'))) onClose();
  };

  return (
    <FormDialog
      open={!!account}
      title={t('account.resetTitle', { name: account?.username ?? '' })}
      form={form}
      pending={reset.isPending}
      onClose={onClose}
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('account.resetHint')}</Typography.Paragraph>
      <Form form={form} name="resetPassword" layout="vertical" onFinish={submit} data-testid="reset-password-form">
        <Form.Item name="phone" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="email" hidden>
          <Input />
        </Form.Item>
        <NewPasswordFields rules={rules.password(form)} />
      </Form>
    </FormDialog>
  );
}

import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountRules } from '../../../shared/forms/account-rules.js';
import { useChangePassword } from '../api/change-password.js';

interface PasswordValues {
  oldPassword: string;
  password: string;
  rePassword: string;
}

/** Changes the own password; on the first login it then opens the dashboard (SPEC section 2). */
export function PasswordForm({ firstLogin }: { firstLogin: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  const rules = accountRules(t);

  const submit = async (values: PasswordValues) => {
    try {
      await change.mutateAsync(values);
    } catch {
      return; // the HTTP layer has shown the server's reason (a wrong old password…)
    }
    message.success(t('self.passwordChanged'));
    form.resetFields();
    if (firstLogin) await navigate('/dashboard', { replace: true });
  };

  return (
    <Form<PasswordValues>
      form={form}
      name="changePassword"
      layout="vertical"
      onFinish={submit}
      style={{ maxWidth: 480 }}
      data-testid="password-form"
    >
      <Form.Item name="oldPassword" label={t('self.oldPassword')} rules={[{ required: true, message: t('self.oldPasswordRequired') }]}>
        <Input.Password maxLength={128} autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('account.newPassword')}
        rules={[
          ...rules.password(),
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              value && value === getFieldValue('oldPassword') ? Promise.reject(new Error(t('self.samePassword'))) : Promise.resolve(),
          }),
        ]}
        extra={t('validation.passwordHint')}
      >
        <Input.Password maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="rePassword" label={t('account.rePassword')} rules={rules.repeat()} dependencies={['password']}>
        <Input.Password maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('self.changePassword')}
      </Button>
    </Form>
  );
}

import { pathTo } from '@safety-shield/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountRules } from '../../../shared/forms/account-rules.js';
import { NewPasswordFields } from '../../../shared/forms/NewPasswordFields.js';
import { valueRule } from '../../../shared/forms/rules.js';
import { SettingsForm } from '../../../shared/forms/SettingsForm.js';
import { useAttempt } from '../../../shared/ui/use-attempt.js';
import { useChangePassword } from '../api/change-password.js';

interface PasswordValues {
  oldPassword: string;
  password: string;
  rePassword: string;
}

/** Changes the own password; on the first login it then opens the dashboard (SPEC section 2). */
export function PasswordForm({ firstLogin }: { firstLogin: boolean }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  const rules = accountRules(t);

  const submit = async (values: PasswordValues) => {
    // A refusal (a wrong old password…) keeps what was typed.
    if (!(await attempt(() => change.mutateAsync(values), t('self.passwordChanged')))) return;
    form.resetFields();
    if (firstLogin) await navigate(pathTo('Dashboard'), { replace: true });
  };

  return (
    <SettingsForm<PasswordValues>
      form={form}
      name="changePassword"
      testId="password-form"
      onFinish={submit}
      pending={change.isPending}
      submitText={t('self.changePassword')}
      maxWidth={480}
    >
      <Form.Item name="oldPassword" label={t('self.oldPassword')} rules={[{ required: true, message: t('self.oldPasswordRequired') }]}>
        <Input.Password maxLength={128} autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields
        rules={[
          ...rules.password(),
          ({ getFieldValue }) =>
            valueRule((value: string | undefined) => !value || value !== getFieldValue('oldPassword'), t('self.samePassword')),
        ]}
      />
    </SettingsForm>
  );
}

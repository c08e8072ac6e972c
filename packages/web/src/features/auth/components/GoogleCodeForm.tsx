import { SafetyOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoginWithGoogle } from '../api/login-google.js';
import { StepForm } from './StepForm.js';

interface Props {
  ticket: string;
  /** The session token, once the code is accepted. */
  onToken(token: string): void;
  /** Back to the first step: the ticket lapsed or the user wants another account. */
  onBack(): void;
}

/** The second login step (SPEC section 7, `/v1/account/mfa/login/google`): a 6-digit code from the app. */
export function GoogleCodeForm({ ticket, onToken, onBack }: Props) {
  const { t } = useTranslation();
  const verify = useLoginWithGoogle();

  const submit = async ({ code }: { code: string }) => {
    try {
      const { token } = await verify.mutateAsync({ ticket, code });
      if (token) onToken(token);
    } catch (error) {
      // A lapsed ticket (or five wrong codes) cannot be retried: start again with the password.
      if ((error as { codeKey?: string }).codeKey === 'GOOGLE_AUTH_FAIL') onBack();
    }
  };

  return (
    <StepForm<{ code: string }>
      testId="google-step"
      title={t('login.googleTitle')}
      explain={t('login.googleExplain')}
      onFinish={submit}
      submit={t('login.googleSubmit')}
      pending={verify.isPending}
      back={t('login.back')}
      onBack={onBack}
    >
      <Form.Item
        name="code"
        label={t('credentials.google.code')}
        rules={[
          { required: true, message: t('credentials.google.codeRequired') },
          { pattern: /^\d{6}$/, message: t('credentials.google.codeFormat') },
        ]}
      >
        <Input prefix={<SafetyOutlined />} inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
      </Form.Item>
    </StepForm>
  );
}

import { LoginOutlined } from '@ant-design/icons';
import { SSO_NAME_PATTERN } from '@safety-shield/contract';
import { Form } from 'antd';
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { useStartSso } from '../api/sso.js';
import { rememberSsoRedirect } from '../enter.js';
import { StepForm } from './StepForm.js';

interface Props {
  /** A sign-in name given in the login URL (`/login?sso=name`), to start with. */
  initialName: string | undefined;
  /** The page to open after signing in. */
  redirect: string | null;
  onBack(): void;
}

const namePattern = new RegExp(SSO_NAME_PATTERN);

/** Single sign-on, first step: the company's sign-in name; the browser then continues at the company's provider. */
export function SsoStartForm({ initialName, redirect, onBack }: Props) {
  const { t } = useTranslation();
  const start = useStartSso();

  const submit = async ({ name }: { name: string }) => {
    try {
      const { url } = await start.mutateAsync({ name: name.trim() });
      rememberSsoRedirect(redirect);
      window.location.assign(url);
    } catch {
      // The HTTP layer has shown the server's message.
    }
  };

  return (
    <StepForm
      testId="sso-start"
      title={t('login.sso.title')}
      explain={t('login.sso.explain')}
      initialValues={{ name: initialName }}
      onFinish={submit}
      submit={t('login.sso.submit')}
      pending={start.isPending}
      back={t('login.sso.back')}
      onBack={onBack}
    >
      <Form.Item
        name="name"
        label={t('login.sso.name')}
        rules={[
          { required: true, whitespace: true, message: t('login.sso.nameRequired') },
          { pattern: namePattern, message: t('login.sso.nameFormat') },
        ]}
      >
        <Input prefix={<LoginOutlined />} autoComplete="organization" autoFocus maxLength={63} />
      </Form.Item>
    </StepForm>
  );
}

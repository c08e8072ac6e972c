import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
// The two inputs alone: antd's Input index brings TextArea, OTP and Search along, which the login page never shows.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import logo from '../../shared/assets/logo.svg';
import { requiredText } from '../../shared/forms/rules.js';
import { usePageTitle } from '../../shared/hooks/use-page-title.js';
import { LanguageSelect } from '../../shared/ui/LanguageSelect.js';
import { useLogin } from './api/login.js';
import { RobotCheck, type RobotCheckHandle } from './components/RobotCheck.js';
import { useEnter } from './enter.js';
import './login.css';

// Only accounts with Google Authenticator need the second step: it loads when one does.
const GoogleCodeForm = lazy(async () => ({ default: (await import('./components/GoogleCodeForm.js')).GoogleCodeForm }));
// Single sign-on loads when the user asks for it (or the URL names a company: `/login?sso=name`).
const SsoStartForm = lazy(async () => ({ default: (await import('./components/SsoStartForm.js')).SsoStartForm }));

interface Credentials {
  username: string;
  password: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const enterWith = useEnter();
  const [search] = useSearchParams();
  const [sso, setSso] = useState(search.has('sso'));
  const [code, setCode] = useState<string | null>(null);
  const [robotError, setRobotError] = useState(false);
  const robotCheck = useRef<RobotCheckHandle>(null);
  const loginMutation = useLogin();
  const [mfaTicket, setMfaTicket] = useState<string>();
  usePageTitle('login');

  const submit = async ({ username, password }: Credentials) => {
    if (!code) {
      setRobotError(true);
      return;
    }
    try {
      const result = await loginMutation.mutateAsync({ username: username.trim(), password, code });
      if (result.token) await enter(result.token);
      // Google Authenticator bound: the second step takes the ticket and a code.
      else if (result.mfaTicket) setMfaTicket(result.mfaTicket);
    } catch {
      // The HTTP layer has shown the server's message; a solution is single-use, so solve a new one.
      robotCheck.current?.reset();
    }
  };

  const enter = (token: string) => enterWith(token, search.get('redirect'));

  const backToPassword = () => {
    setMfaTicket(undefined);
    setCode(null);
  };

  return (
    <main className="login-page">
      <div className="login-language">
        <LanguageSelect />
      </div>
      <section className="login-card" aria-labelledby="login-title">
        <header className="login-brand">
          <img src={logo} alt="" width={56} height={56} />
          <h1 id="login-title">{t('app.title')}</h1>
          <p className="login-subtitle">{t('app.subtitle')}</p>
        </header>
        {sso ? (
          <Suspense>
            <SsoStartForm initialName={search.get('sso') ?? undefined} redirect={search.get('redirect')} onBack={() => setSso(false)} />
          </Suspense>
        ) : mfaTicket ? (
          <Suspense>
            <GoogleCodeForm ticket={mfaTicket} onToken={(token) => void enter(token)} onBack={backToPassword} />
          </Suspense>
        ) : (
          <Form<Credentials> layout="vertical" size="large" onFinish={submit} requiredMark={false} autoComplete="on" noValidate>
            <Form.Item name="username" label={t('login.username')} rules={[requiredText(t('login.usernameRequired'))]}>
              <Input prefix={<UserOutlined />} autoComplete="username" autoFocus maxLength={64} />
            </Form.Item>
            <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
              <Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={128} />
            </Form.Item>
            <Form.Item
              validateStatus={robotError && !code ? 'error' : undefined}
              help={robotError && !code ? t('login.robotCheckRequired') : undefined}
            >
              <RobotCheck
                ref={robotCheck}
                onChange={(payload) => {
                  setCode(payload);
                  if (payload) setRobotError(false);
                }}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={loginMutation.isPending}>
              {t('login.submit')}
            </Button>
            {/* A long label (French) wraps on a phone instead of widening the card past the screen. */}
            <Button type="link" block onClick={() => setSso(true)} style={{ marginTop: 8, whiteSpace: 'normal', height: 'auto' }}>
              {t('login.sso.start')}
            </Button>
          </Form>
        )}
      </section>
    </main>
  );
}

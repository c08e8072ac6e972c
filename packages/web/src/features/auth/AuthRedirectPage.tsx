import { pathTo } from '@safety-shield/contract';
import { Button, Result, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import logo from '../../shared/assets/logo.svg';
import { usePageTitle } from '../../shared/hooks/use-page-title.js';
import { ApiError } from '../../shared/http/client.js';
import { finishSso } from './api/sso.js';
import { takeSsoRedirect, useEnter } from './enter.js';
import './login.css';

const GoogleCodeForm = lazy(async () => ({ default: (await import('./components/GoogleCodeForm.js')).GoogleCodeForm }));

type Outcome = { kind: 'pending' } | { kind: 'mfa'; ticket: string } | { kind: 'failed'; reason: string };

/**
 * `/auth-redirect` (SPEC section 2): where the company's OpenID provider sends the browser back. The page hands the
 * code and state to the server, which checks them; then the console opens as after a password login.
 */
export function AuthRedirectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const enter = useEnter();
  const [search] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  const [target] = useState(takeSsoRedirect);
  usePageTitle('authRedirect');

  const code = search.get('code');
  const state = search.get('state');
  const iss = search.get('iss');
  const providerError = search.get('error');

  useEffect(() => {
    if (providerError || !code || !state) {
      const reason = providerError ? t('login.sso.providerError', { error: providerError }) : t('login.sso.missing');
      setOutcome({ kind: 'failed', reason });
      return;
    }
    let live = true;
    finishSso({ code, state, ...(iss ? { iss } : {}) }).then(
      (result) => {
        if (!live) return;
        if (result.token) void enter(result.token, target);
        else if (result.mfaTicket) setOutcome({ kind: 'mfa', ticket: result.mfaTicket });
      },
      (error: unknown) => {
        if (live) setOutcome({ kind: 'failed', reason: error instanceof ApiError ? error.message : t('login.sso.failed') });
      },
    );
    return () => {
      live = false;
    };
  }, [code, state, iss, providerError, enter, target, t]);

  const toLogin = () => void navigate(pathTo('Login'), { replace: true });

  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby="sso-title" data-testid="auth-redirect">
        <header className="login-brand">
          <img src={logo} alt="" width={56} height={56} />
          <h1 id="sso-title">{t('app.title')}</h1>
        </header>
        {outcome.kind === 'pending' && (
          <div style={{ textAlign: 'center' }}>
            <Spin />
            <p role="status">{t('login.sso.finishing')}</p>
          </div>
        )}
        {outcome.kind === 'mfa' && (
          <Suspense>
            <GoogleCodeForm ticket={outcome.ticket} onToken={(token) => void enter(token, target)} onBack={toLogin} />
          </Suspense>
        )}
        {outcome.kind === 'failed' && (
          <Result
            status="warning"
            title={t('login.sso.failed')}
            subTitle={outcome.reason}
            extra={
              <Button type="primary" onClick={toLogin}>
                {t('login.sso.retry')}
              </Button>
            }
          />
        )}
      </section>
    </main>
  );
}

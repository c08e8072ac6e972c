import { pathTo } from '@safety-shield/contract';
import { Alert, Card, Skeleton, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSelfInfo } from '../auth/index.js';
import { ClauseAcceptance } from '../clauses/index.js';
import { ApiTokensPanel, GoogleAuthPanel, LeavePanel } from '../credentials/index.js';
import { OperationLog } from '../logs/index.js';
import { PasswordForm } from './components/PasswordForm.js';
import { ProfileForm } from './components/ProfileForm.js';

const tabs = ['terms', 'profile', 'password', 'security', 'log', 'leave'] as const;
type SelfTab = (typeof tabs)[number];

/**
 * /self/index: own terms, profile, password, security (Google Authenticator, API tokens), own log, leaving.
 * SPEC section 2: unfinished own terms come first, then the first-login password change; until both are done the other tabs wait.
 */
export function SelfPage() {
  const { t } = useTranslation();
  const { data: info } = useSelfInfo();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  if (!info) return <Skeleton active />;
  const termsWaiting = !info.baseInfo.finishClause;
  const firstLogin = info.baseInfo.firstTimeLogin;
  const blocked = termsWaiting || firstLogin;
  const asked = tabs.find((tab) => tab === search.get('tab')) ?? (search.get('firstTime') ? 'terms' : 'profile');
  const active: SelfTab = termsWaiting ? 'terms' : firstLogin ? 'password' : asked;

  return (
    <Card>
      {termsWaiting && (
        <Alert type="warning" showIcon title={t('clauses.accept.selfFirst')} style={{ marginBottom: 16 }} data-testid="terms-first" />
      )}
      {!termsWaiting && firstLogin && (
        <Alert type="warning" showIcon title={t('self.firstLogin')} style={{ marginBottom: 16 }} data-testid="first-login" />
      )}
      <Tabs
        className="wrapping-tabs"
        activeKey={active}
        // A tab change replaces the query: the log tab's filters do not leak into the others.
        onChange={(tab) => setSearch(tab === 'profile' ? {} : { tab }, { replace: true })}
        items={[
          {
            key: 'terms',
            label: t('clauses.accept.tab'),
            children: (
              <ClauseAcceptance
                placeType="self"
                onAllAgreed={() => void navigate(pathTo(firstLogin ? 'Self' : 'Dashboard'), { replace: true })}
              />
            ),
          },
          { key: 'profile', label: t('self.tabs.profile'), disabled: blocked, children: <ProfileForm info={info} /> },
          { key: 'password', label: t('self.tabs.password'), disabled: termsWaiting, children: <PasswordForm firstLogin={firstLogin} /> },
          {
            key: 'security',
            label: t('self.tabs.security'),
            disabled: blocked,
            children: (
              <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 880 }}>
                <section>
                  <Typography.Title level={5}>{t('credentials.google.title')}</Typography.Title>
                  <GoogleAuthPanel />
                </section>
                <section>
                  <Typography.Title level={5}>{t('credentials.tokens.title')}</Typography.Title>
                  <ApiTokensPanel />
                </section>
              </Space>
            ),
          },
          { key: 'log', label: t('self.tabs.log'), disabled: blocked, children: <OperationLog scope="own" /> },
          { key: 'leave', label: t('self.tabs.leave'), disabled: blocked, children: <LeavePanel /> },
        ]}
      />
    </Card>
  );
}

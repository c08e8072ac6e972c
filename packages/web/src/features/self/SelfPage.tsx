import { Alert, Card, Skeleton, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSelfInfo } from '../auth/index.js';
import { ApiTokensPanel, GoogleAuthPanel, LeavePanel } from '../credentials/index.js';
import { OperationLog } from '../logs/index.js';
import { PasswordForm } from './components/PasswordForm.js';
import { ProfileForm } from './components/ProfileForm.js';

const tabs = ['profile', 'password', 'security', 'log', 'leave'] as const;
type SelfTab = (typeof tabs)[number];

/** /self/index: own profile, password, security (Google Authenticator, API tokens), own log, leaving; on the first login only the password tab. */
export function SelfPage() {
  const { t } = useTranslation();
  const { data: info } = useSelfInfo();
  const [search, setSearch] = useSearchParams();
  if (!info) return <Skeleton active />;
  const firstLogin = info.baseInfo.firstTimeLogin;
  const asked = tabs.find((tab) => tab === search.get('tab')) ?? 'profile';
  const active: SelfTab = firstLogin ? 'password' : asked;

  return (
    <Card>
      {firstLogin && <Alert type="warning" showIcon title={t('self.firstLogin')} style={{ marginBottom: 16 }} data-testid="first-login" />}
      <Tabs
        activeKey={active}
        // A tab change replaces the query: the log tab's filters do not leak into the others.
        onChange={(tab) => setSearch(tab === 'profile' ? {} : { tab }, { replace: true })}
        items={[
          { key: 'profile', label: t('self.tabs.profile'), disabled: firstLogin, children: <ProfileForm info={info} /> },
          { key: 'password', label: t('self.tabs.password'), children: <PasswordForm firstLogin={firstLogin} /> },
          {
            key: 'security',
            label: t('self.tabs.security'),
            disabled: firstLogin,
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
          { key: 'log', label: t('self.tabs.log'), disabled: firstLogin, children: <OperationLog scope="own" /> },
          { key: 'leave', label: t('self.tabs.leave'), disabled: firstLogin, children: <LeavePanel /> },
        ]}
      />
    </Card>
  );
}

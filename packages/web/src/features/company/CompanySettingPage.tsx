import { pathTo } from '@safety-shield/contract';
import { Alert, App, Button, Card, Flex, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/http/client.js';
import { ClauseAcceptance } from '../clauses/index.js';
import { useCompanySetting } from './api/company-setting.js';
import { CompanyProfileForm } from './components/CompanyProfileForm.js';
import { NotificationForm } from './components/NotificationForm.js';

/**
 * /system/companySetting (Company Admin): the company's profile, its notification settings and the organisation
 * terms it accepts. The guard sends an admin here with ?firstTime=true while a must-check organisation clause waits;
 * then the terms come first.
 */
export function CompanySettingPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const firstTime = search.get('firstTime') === 'true';
  const query = useCompanySetting();

  const terms = (
    <Card key="terms" title={t('company.terms')} data-testid="company-terms">
      {firstTime && (
        <Alert type="warning" showIcon title={t('company.termsFirst')} style={{ marginBottom: 16 }} data-testid="company-terms-first" />
      )}
      <ClauseAcceptance
        placeType="organisation"
        onAllAgreed={() => {
          void query.refetch();
          if (!firstTime) return;
          message.success(t('company.termsDone'));
          void navigate(pathTo('Dashboard'), { replace: true });
        }}
      />
    </Card>
  );

  let settings: ReactNode;
  if (query.isPending) settings = <Skeleton key="settings" active />;
  else if (query.error instanceof ApiError && query.error.codeKey === 'USER_CLAUSE_NO_FINISH')
    settings = <Alert key="settings" type="info" showIcon title={t('company.termsBlock')} data-testid="company-settings-blocked" />;
  else if (query.isError)
    settings = (
      <Result
        key="settings"
        status="error"
        title={t('common.loadFailed')}
        subTitle={query.error.message}
        extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  else
    settings = (
      <Flex key="settings" vertical gap={16}>
        <Card title={t('company.profile')}>
          <CompanyProfileForm key={query.data.company.id} company={query.data.company} />
        </Card>
        <Card title={t('company.notification')}>
          <NotificationForm notification={query.data.notification} />
        </Card>
      </Flex>
    );

  return (
    <Flex vertical gap={16} data-testid="company-setting">
      {firstTime ? [terms, settings] : [settings, terms]}
    </Flex>
  );
}

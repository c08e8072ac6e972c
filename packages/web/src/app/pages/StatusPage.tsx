import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../shared/hooks/use-page-title.js';

function StatusPage({ status, titleKey, textKey }: { status: '404' | '403'; titleKey: string; textKey: string }) {
  const { t } = useTranslation();
  usePageTitle(titleKey);
  return (
    <main style={{ paddingTop: '10vh' }}>
      <Result
        status={status}
        title={t(`route.${titleKey}`)}
        subTitle={t(textKey)}
        extra={
          <Link to="/">
            <Button type="primary">{t('errors.backHome')}</Button>
          </Link>
        }
      />
    </main>
  );
}

export const NotFoundPage = () => <StatusPage status="404" titleKey="notFound" textKey="errors.notFound" />;
export const UnauthorizedPage = () => <StatusPage status="403" titleKey="unauthorized" textKey="errors.unauthorized" />;

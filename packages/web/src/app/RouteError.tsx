import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A page that failed to load (a lost connection while fetching its code): say so and offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('errors.loadFailed')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

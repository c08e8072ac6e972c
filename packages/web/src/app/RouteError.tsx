import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A page that failed to load (a lost connection while fetching its code): say so and offer a reload.
 * Plain markup rather than antd's Result, which would add 10 KB to what the login page loads.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="route-error" role="alert">
      <p>{t('errors.loadFailed')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

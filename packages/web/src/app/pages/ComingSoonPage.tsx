import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import type { RouteHandle } from '../route-handle.js';

/** A page of the route table that a later release builds: says so clearly rather than showing nothing (issue 4). */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const page = handle ? t(`route.${handle.title}`) : '';
  return (
    <Result
      status="info"
      title={page}
      subTitle={t('errors.comingSoon')}
      data-testid="coming-soon"
      extra={
        <Link to="/">
          <Button type="primary">{t('errors.backHome')}</Button>
        </Link>
      }
    />
  );
}

import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A page whose record could not be loaded: the error, with a retry. */
export function LoadFailedResult({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return <Result status="error" title={t('list.loadError')} extra={<Button onClick={onRetry}>{t('common.retry')}</Button>} />;
}

/** A page whose record does not exist (any more): says so, with the way back to its list. */
export function NotFoundResult({ title, to, back }: { title: string; to: string; back: string }) {
  return (
    <Result
      status="404"
      title={title}
      extra={
        <Link to={to}>
          <Button type="primary">{back}</Button>
        </Link>
      }
    />
  );
}

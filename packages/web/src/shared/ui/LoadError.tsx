import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** What could not be loaded; the general 'could not be loaded' when left out. */
  title?: string;
  onRetry(): void;
  style?: CSSProperties;
}

/** A part of a page that failed to load: the error, with a retry. */
export function LoadError({ title, onRetry, style }: Props) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={title ?? t('common.loadFailed')}
      style={style}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

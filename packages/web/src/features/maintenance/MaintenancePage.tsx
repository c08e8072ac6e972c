import { ToolOutlined } from '@ant-design/icons';
import { Button, Result, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../shared/hooks/use-page-title.js';
import { useMaintenance } from './api/maintenance.js';

/** How often the page asks whether maintenance is over. */
const CHECK_EVERY_MS = 30_000;

/**
 * /maintenance (public): where the console sends everyone but the Super Admin while the API answers
 * SYSTEM_MAINTENANCE. It checks every 30 s and goes back to the console once maintenance is off.
 */
export function MaintenancePage() {
  const { t } = useTranslation();
  usePageTitle('maintenance');
  const navigate = useNavigate();
  const query = useMaintenance(CHECK_EVERY_MS);
  const over = query.data?.on === false;

  useEffect(() => {
    if (over) void navigate('/', { replace: true });
  }, [over, navigate]);

  let message: string;
  if (query.isPending || over) message = t('maintenance.checking');
  else if (query.isError) message = t('maintenance.unreachable');
  else message = query.data.message?.trim() || t('maintenance.defaultMessage');

  return (
    <main style={{ paddingTop: '10vh' }} data-testid="maintenance-page">
      <Result
        icon={query.isPending ? <Spin size="large" /> : <ToolOutlined />}
        title={
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('app.title')}
          </Typography.Title>
        }
        subTitle={
          <>
            <Typography.Title level={4} style={{ marginTop: 8 }}>
              {t('maintenance.heading')}
            </Typography.Title>
            <Typography.Paragraph style={{ whiteSpace: 'pre-line', maxWidth: 560, margin: '0 auto' }} data-testid="maintenance-message">
              {message}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
              {t('maintenance.autoCheck', { seconds: CHECK_EVERY_MS / 1000 })}
            </Typography.Paragraph>
          </>
        }
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </Button>
        }
      />
    </main>
  );
}

import { LoginOutlined } from '@ant-design/icons';
import { pathTo } from '@safety-shield/contract';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { getToken } from '../../shared/auth/token.js';
import { usePageTitle } from '../../shared/hooks/use-page-title.js';
import { PublicFrame } from '../../shared/ui/PublicFrame.js';
import { loginPathFor } from '../auth/index.js';
import { InstallerLocks } from './InstallerLocks.js';
import './device-locks.css';

/**
 * `/device/setting` (SPEC: the device lock list) and `/deviceLock`, outside the console's shell: with an installer link's
 * token, only its devices' locks; signed in, on to the console's own lock page (issue 29: inside the layout, with the
 * sidebar), the query kept; otherwise a way to sign in, which leads back here and so on to that page.
 */
export function DeviceLockPage() {
  const { t } = useTranslation();
  usePageTitle('deviceLock');
  const token = useSearchParams()[0].get('token');
  const { pathname, search } = useLocation();
  if (!token && getToken() !== null) return <Navigate replace to={`${pathTo('DeviceLocks')}${search}`} />;
  return (
    <PublicFrame
      className="device-locks-page"
      testId="device-lock-public"
      subtitle={t('deviceLocks.subtitle')}
      title={t('deviceLocks.title')}
    >
      <Typography.Paragraph type="secondary" className="device-locks-intro">
        {t('deviceLocks.intro')}
      </Typography.Paragraph>
      {token ? (
        <InstallerLocks token={token} />
      ) : (
        <Result
          status="403"
          title={t('deviceLocks.noAccessTitle')}
          subTitle={t('deviceLocks.noAccessText')}
          data-testid="locks-no-access"
          extra={
            <Link to={loginPathFor(pathname + search)}>
              <Button type="primary" icon={<LoginOutlined />}>
                {t('deviceLocks.signIn')}
              </Button>
            </Link>
          }
        />
      )}
    </PublicFrame>
  );
}

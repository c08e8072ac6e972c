import { ArrowLeftOutlined, LoginOutlined } from '@ant-design/icons';
import { canCall, deviceLockApi, pathTo, sessionStepsOf } from '@safety-shield/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { getToken } from '../../shared/auth/token.js';
import { usePageTitle } from '../../shared/hooks/use-page-title.js';
import { PublicFrame } from '../../shared/ui/PublicFrame.js';
import { loginPathFor, selfInfoQuery } from '../auth/index.js';
import { ConsoleLocks } from './ConsoleLocks.js';
import { InstallerLocks } from './InstallerLocks.js';
import './device-locks.css';

/** The page's own frame: outside the console's shell (SPEC section 2 lists it with the public screens). */
function LockFrame({ console, children }: { console: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const back = console && (
    <Link to={pathTo('Dashboard')} className="device-locks-back" aria-label={t('deviceLocks.backToConsole')} data-testid="locks-back">
      <ArrowLeftOutlined /> <span className="device-locks-back-text">{t('deviceLocks.backToConsole')}</span>
    </Link>
  );
  return (
    <PublicFrame
      className="device-locks-page"
      testId="device-locks-page"
      subtitle={t('deviceLocks.subtitle')}
      title={t('deviceLocks.title')}
      tools={back}
    >
      <Typography.Paragraph type="secondary" className="device-locks-intro">
        {t('deviceLocks.intro')}
      </Typography.Paragraph>
      {children}
    </PublicFrame>
  );
}

/**
 * `/device/setting` (SPEC: the device lock list) and `/deviceLock`: with an installer link's token, only its devices'
 * locks; signed in, the locks of the caller's scope; otherwise a way to either.
 */
export function DeviceLockPage() {
  const { t } = useTranslation();
  usePageTitle('deviceLock');
  const token = useSearchParams()[0].get('token');
  const { pathname, search } = useLocation();
  const session = getToken() !== null && !token;
  // Without a session nothing is asked: a refused call would be an error in the browser's console for nothing.
  const info = useQuery({ ...selfInfoQuery(), enabled: session });
  const role = session ? info.data?.baseInfo.role : undefined;
  const mayList = info.data !== undefined && canCall(role, deviceLockApi.list, sessionStepsOf(info.data));

  let body: ReactNode;
  if (token) body = <InstallerLocks token={token} />;
  else if (session && info.isPending) body = <Spin size="large" style={{ display: 'block', margin: 64 }} />;
  else if (role && mayList) body = <ConsoleLocks role={role} />;
  else
    body = (
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
    );
  return <LockFrame console={role !== undefined}>{body}</LockFrame>;
}

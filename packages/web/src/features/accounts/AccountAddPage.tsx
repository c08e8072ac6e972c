import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSelfInfo } from '../auth/index.js';
import { AccountForm } from './components/AccountForm.js';
import { levelsFor } from './components/levels.js';

/** /account/add: only for a role that may call some level's register endpoint. */
export function AccountAddPage() {
  const { t } = useTranslation();
  const role = useSelfInfo().data?.baseInfo.role;
  if (levelsFor(role).length === 0) return <Result status="403" title={t('route.unauthorized')} subTitle={t('errors.unauthorized')} />;
  return <AccountForm />;
}

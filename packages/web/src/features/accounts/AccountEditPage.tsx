import { pathTo } from '@safety-shield/contract';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIdParam } from '../../shared/hooks/use-id-param.js';
import { LoadFailedResult, NotFoundResult } from '../../shared/ui/results.js';
import { useAccount } from './api/get-account.js';
import { AccountForm } from './components/AccountForm.js';

/** /account/edit?uid= */
export function AccountEditPage() {
  const { t } = useTranslation();
  const uid = useIdParam('uid');
  const { data: account, isPending, isError, refetch } = useAccount(uid);
  if (uid !== undefined && isPending) return <Skeleton active />;
  if (isError) return <LoadFailedResult onRetry={() => void refetch()} />;
  if (!account) return <NotFoundResult title={t('account.notFound')} to={pathTo('AccountList')} back={t('route.users')} />;
  // A new key per account: the form starts from that account's values.
  return <AccountForm key={account.uid} account={account} />;
}

import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { numberFilter } from '../../shared/ui/list/index.js';
import { useAccount } from './api/get-account.js';
import { AccountForm } from './components/AccountForm.js';

/** /account/edit?uid= */
export function AccountEditPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const uid = numberFilter(search.get('uid') ?? undefined);
  const { data: account, isPending, isError, refetch } = useAccount(uid);
  if (uid !== undefined && isPending) return <Skeleton active />;
  if (isError)
    return (
      <Result status="error" title={t('list.loadError')} extra={<Button onClick={() => void refetch()}>{t('common.retry')}</Button>} />
    );
  if (!account)
    return (
      <Result
        status="404"
        title={t('account.notFound')}
        extra={
          <Link to="/account/list">
            <Button type="primary">{t('route.users')}</Button>
          </Link>
        }
      />
    );
  // A new key per account: the form starts from that account's values.
  return <AccountForm key={account.uid} account={account} />;
}

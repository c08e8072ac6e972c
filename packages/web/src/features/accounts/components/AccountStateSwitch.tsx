import type { AccountRecord } from '@safety-shield/contract';
import { App, Popconfirm, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChangeAccountState } from '../api/manage-account.js';

/** The usable/disabled switch of a row; it asks first. Re-enabling also lifts a suspension after 5 wrong passwords. */
export function AccountStateSwitch({ account }: { account: AccountRecord }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useChangeAccountState();
  const usable = account.state === 'usable';
  return (
    <Popconfirm
      title={t(usable ? 'account.disableConfirm' : 'account.enableConfirm', { name: account.username })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onConfirm={async () => {
        try {
          await change.mutateAsync({ uid: account.uid, state: usable ? 'disabled' : 'usable' });
          message.success(t('list.stateChanged'));
        } catch {
          // the HTTP layer has shown the server's message
        }
      }}
    >
      <Switch
        checked={usable}
        loading={change.isPending}
        checkedChildren={t('account.state.usable')}
        unCheckedChildren={t('account.state.disabled')}
        aria-label={t('account.stateOf', { name: account.username })}
      />
    </Popconfirm>
  );
}

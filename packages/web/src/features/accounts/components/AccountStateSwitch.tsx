import type { AccountRecord } from '@safety-shield/contract';
import { useTranslation } from 'react-i18next';
import { StateSwitch } from '../../../shared/ui/list/index.js';
import { useChangeAccountState } from '../api/manage-account.js';

/** The usable/disabled switch of a row; it asks first. Re-enabling also lifts a suspension after 5 wrong passwords. */
export function AccountStateSwitch({ account }: { account: AccountRecord }) {
  const { t } = useTranslation();
  const change = useChangeAccountState();
  const usable = account.state === 'usable';
  return (
    <StateSwitch
      on={usable}
      confirm={t(usable ? 'account.disableConfirm' : 'account.enableConfirm', { name: account.username })}
      onText={t('account.state.usable')}
      offText={t('account.state.disabled')}
      label={t('account.stateOf', { name: account.username })}
      loading={change.isPending}
      onToggle={() => change.mutateAsync({ uid: account.uid, state: usable ? 'disabled' : 'usable' })}
    />
  );
}

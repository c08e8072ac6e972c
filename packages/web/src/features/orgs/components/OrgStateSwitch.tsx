import type { OrgKind, OrgRecord } from '@safety-shield/contract';
import { App, Popconfirm, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChangeOrgState } from '../api/change-org-state.js';

/** The enabled/forbidden switch of a row; it asks before it changes anything. */
export function OrgStateSwitch({ kind, record }: { kind: OrgKind; record: OrgRecord }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useChangeOrgState(kind);
  const enabled = record.state === 'enabled';
  return (
    <Popconfirm
      title={t(enabled ? 'org.forbidConfirm' : 'org.enableConfirm', { name: record.name })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onConfirm={async () => {
        try {
          await change.mutateAsync({ id: record.id, state: enabled ? 'forbidden' : 'enabled' });
          message.success(t('list.stateChanged'));
        } catch {
          // the HTTP layer has shown the server's message
        }
      }}
    >
      <Switch
        checked={enabled}
        loading={change.isPending}
        checkedChildren={t('org.state.enabled')}
        unCheckedChildren={t('org.state.forbidden')}
        aria-label={t('org.stateOf', { name: record.name })}
      />
    </Popconfirm>
  );
}

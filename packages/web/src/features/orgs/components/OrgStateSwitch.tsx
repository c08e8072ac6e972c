import type { OrgKind, OrgRecord } from '@safety-shield/contract';
import { useTranslation } from 'react-i18next';
import { StateSwitch } from '../../../shared/ui/list/index.js';
import { useChangeOrgState } from '../api/change-org-state.js';

/** The enabled/forbidden switch of a row; it asks before it changes anything. */
export function OrgStateSwitch({ kind, record }: { kind: OrgKind; record: OrgRecord }) {
  const { t } = useTranslation();
  const change = useChangeOrgState(kind);
  const enabled = record.state === 'enabled';
  return (
    <StateSwitch
      on={enabled}
      confirm={t(enabled ? 'org.forbidConfirm' : 'org.enableConfirm', { name: record.name })}
      onText={t('org.state.enabled')}
      offText={t('org.state.forbidden')}
      label={t('org.stateOf', { name: record.name })}
      loading={change.isPending}
      onToggle={() => change.mutateAsync({ id: record.id, state: enabled ? 'forbidden' : 'enabled' })}
    />
  );
}

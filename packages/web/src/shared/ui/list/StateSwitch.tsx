import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../ConfirmAction.js';

interface Props {
  on: boolean;
  /** The question asked before the switch goes the other way. */
  confirm: string;
  onText: string;
  offText: string;
  /** The switch's accessible name ('State of …'). */
  label: string;
  loading: boolean;
  onToggle(): Promise<unknown>;
}

/** A row's on/off state (enabled, usable…): it asks before it changes anything and says 'State changed'. */
export function StateSwitch({ on, confirm, onText, offText, label, loading, onToggle }: Props) {
  const { t } = useTranslation();
  return (
    <ConfirmAction title={confirm} okText={t('common.ok')} done={t('list.stateChanged')} onConfirm={onToggle}>
      <Switch checked={on} loading={loading} checkedChildren={onText} unCheckedChildren={offText} aria-label={label} />
    </ConfirmAction>
  );
}

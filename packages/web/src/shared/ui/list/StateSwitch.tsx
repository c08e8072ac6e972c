import { Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../ConfirmAction.js';

interface Props<S extends string> {
  /** The row's state: one of `states`. */
  state: S;
  /** The two states, the one the switch shows as on first: ['usable', 'disabled']. */
  states: readonly [on: S, off: S];
  /**
   * Where the texts are ('account'): `<texts>.state.<state>` on the switch, `<texts>.stateOf` its accessible name,
   * `<texts>.confirmState.<state>` the question asked before changing to that state.
   */
  texts: string;
  /** The row's name, in the question and the accessible name. */
  name: string;
  /** Changes the row to `state`. */
  onChange(state: S): Promise<unknown>;
}

/** A row's two-state switch (usable/disabled, enabled/forbidden): it asks before it changes anything and says 'State changed'. */
export function StateSwitch<S extends string>({ state, states: [on, off], texts, name, onChange }: Props<S>) {
  const { t } = useTranslation();
  // Each row spins on its own, though the page's rows share one mutation.
  const [changing, setChanging] = useState(false);
  const next = state === on ? off : on;
  const change = async () => {
    setChanging(true);
    try {
      await onChange(next);
    } finally {
      setChanging(false);
    }
  };
  return (
    <ConfirmAction
      title={t(`${texts}.confirmState.${next}`, { name })}
      okText={t('common.ok')}
      done={t('list.stateChanged')}
      onConfirm={change}
    >
      <Switch
        checked={state === on}
        loading={changing}
        checkedChildren={t(`${texts}.state.${on}`)}
        unCheckedChildren={t(`${texts}.state.${off}`)}
        aria-label={t(`${texts}.stateOf`, { name })}
      />
    </ConfirmAction>
  );
}

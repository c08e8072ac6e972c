import { DeleteOutlined } from '@ant-design/icons';
import type { ListedTerminalRecord } from '@safety-shield/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.js';
import { useRemoveListedTerminal } from '../api/listed-terminals.js';

/** Takes a terminal off the list, asking first; one that registered is a device like any other and stays. */
export function RemoveTerminalAction({ terminal, compact }: { terminal: ListedTerminalRecord; compact: boolean }) {
  const { t } = useTranslation();
  const remove = useRemoveListedTerminal();
  if (terminal.registeredTime !== null) return null;
  return (
    <ConfirmAction
      title={t('listedTerminals.removeConfirm', { terminalNo: terminal.terminalNo })}
      description={<div style={{ maxWidth: 320 }}>{t('listedTerminals.removeHint')}</div>}
      okText={t('listedTerminals.remove')}
      danger
      done={t('listedTerminals.removed')}
      onConfirm={() => remove.mutateAsync(terminal.deviceId)}
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={compact ? t('listedTerminals.remove') : undefined}>
        {compact ? null : t('listedTerminals.remove')}
      </Button>
    </ConfirmAction>
  );
}

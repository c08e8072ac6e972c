import { App, Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  label: string;
  icon: ReactNode;
  /** The question asked before acting. */
  confirm: string;
  /** Said when done. */
  done: string;
  danger?: boolean;
  disabled?: boolean;
  onConfirm(): Promise<unknown>;
  testId?: string;
  /** A table row's small link-style button. */
  inRow?: boolean;
}

/** A batch or row action that asks first; a refusal is shown by the HTTP layer. */
export function ConfirmButton({ label, icon, confirm, done, danger, disabled, onConfirm, testId, inRow }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={confirm}
      okText={label}
      okButtonProps={{ danger }}
      cancelText={t('common.cancel')}
      disabled={disabled}
      onConfirm={async () => {
        try {
          await onConfirm();
          message.success(done);
        } catch {
          // the HTTP layer has shown the server's reason
        }
      }}
    >
      <Button icon={icon} danger={danger} disabled={disabled} data-testid={testId} {...(inRow ? { type: 'link', size: 'small' } : {})}>
        {label}
      </Button>
    </Popconfirm>
  );
}

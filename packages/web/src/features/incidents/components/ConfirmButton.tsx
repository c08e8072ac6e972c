import { Button } from 'antd';
import type { ReactNode } from 'react';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.js';

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
  return (
    <ConfirmAction title={confirm} okText={label} danger={danger} disabled={disabled} done={done} onConfirm={onConfirm}>
      <Button icon={icon} danger={danger} disabled={disabled} data-testid={testId} {...(inRow ? { type: 'link', size: 'small' } : {})}>
        {label}
      </Button>
    </ConfirmAction>
  );
}

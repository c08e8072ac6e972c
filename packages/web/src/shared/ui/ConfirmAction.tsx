import { Popconfirm } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAttempt } from './use-attempt.js';

interface Props {
  /** The question asked before acting. */
  title: ReactNode;
  /** A second line under the question (what follows, why it may be refused…). */
  description?: ReactNode;
  /** The text of the button that confirms. */
  okText: ReactNode;
  /** The confirming button is red (a delete, an unbind…). */
  danger?: boolean | undefined;
  disabled?: boolean | undefined;
  /** Said when done. */
  done: string;
  onConfirm(): Promise<unknown>;
  /** What opens the question: a button, a switch. */
  children: ReactElement;
}

/** An action that asks first and says when it is done; a refusal is shown by the HTTP layer. */
export function ConfirmAction({ title, description, okText, danger, disabled, done, onConfirm, children }: Props) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText}
      okButtonProps={{ danger }}
      cancelText={t('common.cancel')}
      disabled={disabled}
      onConfirm={() => attempt(onConfirm, done)}
    >
      {children}
    </Popconfirm>
  );
}

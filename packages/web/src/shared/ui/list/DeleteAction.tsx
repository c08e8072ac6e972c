import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../ConfirmAction.js';

interface Props {
  /** What is deleted, named in the question. */
  name: string;
  /** A second line under the question (why it may be refused…). */
  hint?: ReactNode;
  onDelete(): Promise<unknown>;
}

/** The list rows' delete: asks first, says 'Deleted' when done; a refusal is shown by the HTTP layer. */
export function DeleteAction({ name, hint, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <ConfirmAction
      title={t('list.deleteConfirm', { name })}
      description={hint}
      okText={t('list.delete')}
      danger
      done={t('list.deleted')}
      onConfirm={onDelete}
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />}>
        {t('list.delete')}
      </Button>
    </ConfirmAction>
  );
}

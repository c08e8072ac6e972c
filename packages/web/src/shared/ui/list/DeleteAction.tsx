import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={t('list.deleteConfirm', { name })}
      description={hint}
      okText={t('list.delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onConfirm={async () => {
        try {
          await onDelete();
          message.success(t('list.deleted'));
        } catch {
          // the HTTP layer has shown the server's reason
        }
      }}
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />}>
        {t('list.delete')}
      </Button>
    </Popconfirm>
  );
}

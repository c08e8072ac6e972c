import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  onEdit(): void;
  /** 'Edit' unless named otherwise. */
  label?: string;
}

/** The list rows' edit: opens the row's form (a page or a dialog). */
export function EditAction({ onEdit, label }: Props) {
  const { t } = useTranslation();
  return (
    <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit}>
      {label ?? t('list.edit')}
    </Button>
  );
}

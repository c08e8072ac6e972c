import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  id?: string;
  value?: 'true' | 'false';
  onChange?: (value: 'true' | 'false' | undefined) => void;
}

/** The online filter: all, online or offline (the URL keeps 'true' / 'false'). */
export function OnlineSelect({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      allowClear
      style={{ width: 140 }}
      placeholder={t('list.all')}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      options={[
        { value: 'true', label: t('devices.online') },
        { value: 'false', label: t('devices.offline') },
      ]}
    />
  );
}

import type { OrgKind } from '@safety-shield/contract';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrgOptions } from '../api/get-org-options.js';

interface OrgPickerProps {
  kind: OrgKind;
  /** Only organisations under this one. */
  parentId?: number | undefined;
  value?: number | null;
  onChange?: (id: number | undefined) => void;
  /** The name to show for a value that is not among the first options (an edit, a filter from the URL). */
  valueLabel?: string | null;
  disabled?: boolean;
  id?: string;
  style?: React.CSSProperties;
  'data-testid'?: string;
}

/** Picks an organisation of a kind the caller may see; typing searches by name on the server. */
export function OrgPicker({ kind, parentId, value, onChange, valueLabel, disabled, id, style, ...rest }: OrgPickerProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const search = useDeferredValue(name.trim());
  const { data, isFetching } = useOrgOptions(kind, { parentId, name: search || undefined });
  const options = (data ?? []).map((option) => ({ value: option.id, label: option.name }));
  if (value != null && !options.some((option) => option.value === value)) options.unshift({ value, label: valueLabel ?? `#${value}` });
  return (
    <Select
      id={id}
      data-testid={rest['data-testid']}
      style={{ minWidth: 180, ...style }}
      allowClear
      disabled={disabled}
      placeholder={t(`org.pick.${kind}`)}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? undefined)}
      loading={isFetching}
      options={options}
      showSearch={{ filterOption: false, onSearch: setName }}
      onOpenChange={(open) => !open && setName('')}
      notFoundContent={isFetching ? t('common.loading') : t('org.noOptions')}
    />
  );
}

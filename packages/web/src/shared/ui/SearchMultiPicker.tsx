import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A chosen record: its id and the name it was chosen by. */
export interface Picked {
  value: number;
  label: string;
}

export interface SearchOptions {
  options: Picked[];
  loading: boolean;
}

interface Props {
  value?: Picked[];
  onChange?: (picked: Picked[]) => void;
  id?: string;
  /** The records matching what is typed (a query hook: called on every render with the keyword, trimmed). */
  useOptions(keyword: string): SearchOptions;
  placeholder: string;
  /** Said when nothing matches. */
  nothing: string;
  testId: string;
}

/**
 * Several records of the caller's scope, found on the server as one types (the keyword is cleared when the list
 * closes); the chosen keep their names whatever is searched next (`labelInValue`).
 */
export function SearchMultiPicker({ value, onChange, id, useOptions, placeholder, nothing, testId }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const { options, loading } = useOptions(keyword.trim());
  return (
    <Select<Picked[]>
      id={id}
      mode="multiple"
      labelInValue
      value={value}
      onChange={(next) => onChange?.(next)}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      onOpenChange={(open) => !open && setKeyword('')}
      options={options}
      loading={loading}
      placeholder={placeholder}
      notFoundContent={loading ? t('common.loading') : nothing}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}

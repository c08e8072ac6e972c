import { Form, Select, type SelectProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Choices =
  /** The options as given. */
  | { options: SelectProps['options']; values?: never; textKey?: never }
  /** A fixed set of values, each with its text under `textKey` ('org.state' → 'org.state.enabled'). */
  | { values: readonly string[]; textKey: string; options?: never };

type Props = Omit<SelectProps, 'style' | 'placeholder' | 'allowClear' | 'options'> &
  Choices & {
    name: string;
    label: ReactNode;
    width: number;
  };

/** A filter bar's choice: cleared, it shows 'All'. */
export function SelectFilter({ name, label, width, options, values, textKey, ...select }: Props) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label}>
      <Select
        allowClear
        style={{ width }}
        placeholder={t('list.all')}
        options={values ? values.map((value) => ({ value, label: t(`${textKey}.${value}`) })) : options}
        {...select}
      />
    </Form.Item>
  );
}

import { Form, Input, type InputProps } from 'antd';
import type { ReactNode } from 'react';

type Props = Omit<InputProps, 'name' | 'style' | 'allowClear'> & {
  name: string;
  label: ReactNode;
  width?: number;
};

/** A filter bar's free text, cleared with one click. */
export function TextFilter({ name, label, width, ...input }: Props) {
  return (
    <Form.Item name={name} label={label}>
      <Input allowClear style={width ? { width } : undefined} {...input} />
    </Form.Item>
  );
}

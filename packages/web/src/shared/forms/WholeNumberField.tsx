import { Form, InputNumber } from 'antd';
import type { ReactNode } from 'react';
import { requiredWholeNumber } from './rules.js';

interface Props {
  name: string;
  label: ReactNode;
  /** The largest number taken (the smallest is 0). */
  max: number;
  /** What the field says when it is empty, and when the number is out of range. */
  messages: { required: string; range: string };
  /** A unit shown inside the field (km). */
  suffix?: ReactNode;
}

/** A form field for a count or a distance: a whole number from 0 to `max` that must be given. */
export function WholeNumberField({ name, label, max, messages, suffix }: Props) {
  return (
    <Form.Item name={name} label={label} rules={requiredWholeNumber(messages, max)}>
      <InputNumber min={0} max={max} precision={0} style={{ width: '100%' }} suffix={suffix} />
    </Form.Item>
  );
}

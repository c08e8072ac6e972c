import { Col, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { decimalMark, numberText } from '../../../../shared/ui/format.js';

interface Props {
  /** The field's path in the weights: ['types', 'collision'], ['scale']. */
  name: (string | number)[];
  label: string;
  min: number;
  max: number;
  step: number;
  /** Shown under the field. */
  extra?: string;
}

/** One weight: a number that must be given, in its range (said by message rather than clamped, so a typo shows). */
export function WeightField({ name, label, min, max, step, extra }: Props) {
  const { t } = useTranslation();
  const range = t('statistics.safety.weights.range', { min: numberText(min, 2), max: numberText(max, 2) });
  return (
    <Col xs={12}>
      <Form.Item
        name={name}
        label={label}
        extra={extra}
        rules={[
          { required: true, message: t('statistics.safety.weights.required') },
          { type: 'number', min, max, message: range },
        ]}
      >
        <InputNumber step={step} decimalSeparator={decimalMark()} style={{ width: '100%' }} data-testid={`weight-${name.join('-')}`} />
      </Form.Item>
    </Col>
  );
}

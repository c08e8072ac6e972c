import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props<V extends string> {
  value: V;
  /** Each value's tag colour (an antd preset or status). */
  colours: Record<V, string>;
  /** Where the values' texts stand among the translations: `${textKey}.${value}`. */
  textKey: string;
  testId?: string;
  /** The name of a `data-…` attribute that holds the value, for the tests to read. */
  valueAttribute?: string;
}

/** A value (a state, a type, an outcome) as a tag in its kind's colour, in the reader's words. */
export function StateTag<V extends string>({ value, colours, textKey, testId, valueAttribute }: Props<V>) {
  const { t } = useTranslation();
  const data = valueAttribute ? { [`data-${valueAttribute}`]: value } : {};
  return (
    <Tag color={colours[value]} data-testid={testId} {...data}>
      {t(`${textKey}.${value}`)}
    </Tag>
  );
}

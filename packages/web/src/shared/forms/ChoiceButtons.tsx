import { Radio, type RadioGroupProps } from 'antd';
import { useTranslation } from 'react-i18next';

type Props<V extends string> = Omit<RadioGroupProps, 'options' | 'optionType'> & {
  values: readonly V[];
  /** Where the values' names stand among the translations: `${textKey}.${value}` (as a SelectFilter's). */
  textKey: string;
};

/** A choice among a few values as a row of buttons, each named in the reader's words; a form field's control. */
export function ChoiceButtons<V extends string>({ values, textKey, ...props }: Props<V>) {
  const { t } = useTranslation();
  return <Radio.Group optionType="button" options={values.map((value) => ({ value, label: t(`${textKey}.${value}`) }))} {...props} />;
}

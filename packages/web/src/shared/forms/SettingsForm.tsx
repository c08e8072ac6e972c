import { Button, Form, type FormInstance, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props<V> {
  form: FormInstance<V>;
  name: string;
  testId: string;
  initialValues?: FormProps<V>['initialValues'];
  onFinish(values: V): unknown;
  /** The save is under way: the button spins. */
  pending: boolean;
  /** The button's text: 'Save' unless named otherwise. */
  submitText?: string;
  maxWidth?: number;
  children: ReactNode;
}

/** A section's own form (a profile, a setting, a password): its fields stacked, and under them the button that saves them. */
export function SettingsForm<V>({ form, name, testId, initialValues, onFinish, pending, submitText, maxWidth, children }: Props<V>) {
  const { t } = useTranslation();
  return (
    <Form<V>
      form={form}
      name={name}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      style={maxWidth ? { maxWidth } : undefined}
      data-testid={testId}
    >
      {children}
      <Button type="primary" htmlType="submit" loading={pending}>
        {submitText ?? t('common.save')}
      </Button>
    </Form>
  );
}

import { Button, Form, type FormInstance, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A form of its own with the button that saves it (the section forms here, the add and edit pages' RecordForm). */
export interface OwnFormProps<V> {
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
  /** What stands under the fields instead of the one button (an add or edit page: Save and Cancel). */
  actions?: ReactNode;
}

/** A section's own form (a profile, a setting, a password): its fields stacked, and under them the button that saves them. */
export function SettingsForm<V>(props: OwnFormProps<V>) {
  const { form, name, testId, initialValues, onFinish, pending, submitText, maxWidth, children, actions } = props;
  const { t } = useTranslation();
  return (
    <Form<V>
      form={form}
      name={name}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      style={maxWidth ? { maxWidth } : undefined}
      scrollToFirstError
      data-testid={testId}
    >
      {children}
      {actions ?? (
        <Button type="primary" htmlType="submit" loading={pending}>
          {submitText ?? t('common.save')}
        </Button>
      )}
    </Form>
  );
}

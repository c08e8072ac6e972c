import { Button, Form, Typography } from 'antd';
import type { ReactNode } from 'react';

interface Props<V> {
  testId: string;
  title: string;
  /** What the step asks for, under its title. */
  explain: string;
  initialValues?: Partial<V>;
  onFinish(values: V): unknown;
  /** The submit's text; it spins while `pending`. */
  submit: string;
  pending: boolean;
  /** The text of the way back to the login form. */
  back: string;
  onBack(): void;
  children: ReactNode;
}

/**
 * A login step after the password (a Google Authenticator code, an SSO name): its title and what it asks for, its
 * field, and at its foot the submit and the way back to the login form.
 */
export function StepForm<V>({ testId, title, explain, initialValues, onFinish, submit, pending, back, onBack, children }: Props<V>) {
  return (
    <Form<V>
      layout="vertical"
      size="large"
      onFinish={onFinish}
      requiredMark={false}
      noValidate
      initialValues={initialValues}
      data-testid={testId}
    >
      <Typography.Title level={4}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">{explain}</Typography.Paragraph>
      {children}
      <Button type="primary" htmlType="submit" block loading={pending}>
        {submit}
      </Button>
      <Button type="link" block onClick={onBack} style={{ marginTop: 8 }}>
        {back}
      </Button>
    </Form>
  );
}

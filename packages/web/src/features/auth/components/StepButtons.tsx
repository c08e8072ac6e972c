import { Button } from 'antd';

/** The foot of a login step's form: its submit, and the way back to the login form. */
export function StepButtons({ submit, pending, back, onBack }: { submit: string; pending: boolean; back: string; onBack(): void }) {
  return (
    <>
      <Button type="primary" htmlType="submit" block loading={pending}>
        {submit}
      </Button>
      <Button type="link" block onClick={onBack} style={{ marginTop: 8 }}>
        {back}
      </Button>
    </>
  );
}

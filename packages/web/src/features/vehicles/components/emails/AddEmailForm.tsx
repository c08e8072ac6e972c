import { PlusOutlined } from '@ant-design/icons';
import { EMAIL_PATTERN } from '@safety-shield/contract';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { maxLength } from '../../../../shared/forms/rules.js';
import { useAddVehicleEmail } from '../../api/add-email.js';
import { showFieldError } from '../form/server-field-errors.js';

/** Adds a notification address; the new address is then chosen for validation. */
export function AddEmailForm({ vehicleId, onAdded }: { vehicleId: number; onAdded(id: number, email: string): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ email: string }>();
  const add = useAddVehicleEmail(vehicleId);
  const submit = async ({ email }: { email: string }) => {
    try {
      const address = email.trim();
      const { id } = await add.mutateAsync({ vehicleId, email: address });
      message.success(t('vehicles.emails.added'));
      form.resetFields();
      onAdded(id, address);
    } catch (error) {
      showFieldError(form, error, { VEHICLE_EMAIL_EXIST_ERROR: 'email' }, t);
    }
  };
  return (
    <Form form={form} name="add-email" layout="inline" className="filter-bar" onFinish={(values) => void submit(values)}>
      <Form.Item
        name="email"
        label={t('vehicles.emails.address')}
        rules={[
          { required: true, message: t('vehicles.emails.addressRequired') },
          { pattern: EMAIL_PATTERN, message: t('validation.email') },
          maxLength(t, 254),
        ]}
        style={{ flex: '1 1 260px' }}
      >
        <Input type="email" autoComplete="off" placeholder="name@example.com" />
      </Form.Item>
      <Form.Item>
        <Button htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
          {t('vehicles.emails.add')}
        </Button>
      </Form.Item>
    </Form>
  );
}

import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  companyName: string;
  pending: boolean;
  onSave(): void;
  onReset(): void;
  onCancel(): void;
}

/** Save, go back to the defaults (asked first) or leave; kept in view at the drawer's foot while the form scrolls. */
export function WeightsActions({ companyName, pending, onSave, onReset, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <Space wrap className="safety-weights-actions">
      <Button type="primary" loading={pending} onClick={onSave} data-testid="safety-weights-save">
        {t('common.save')}
      </Button>
      <Popconfirm
        title={t('statistics.safety.weights.resetConfirm', { company: companyName })}
        okText={t('statistics.safety.weights.reset')}
        cancelText={t('common.cancel')}
        onConfirm={onReset}
      >
        <Button disabled={pending} data-testid="safety-weights-reset">
          {t('statistics.safety.weights.reset')}
        </Button>
      </Popconfirm>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
    </Space>
  );
}

import type { SafetyWeightsInfo } from '@safety-shield/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../shared/ui/format.js';

/** Whose weights these are, and whether they are the defaults or the company's own (since when, by whom). */
export function WeightsStatus({ info, canWrite }: { info: SafetyWeightsInfo; canWrite: boolean }) {
  const { t } = useTranslation();
  const whose = info.isDefault
    ? t('statistics.safety.weights.isDefault', { company: info.companyName })
    : t('statistics.safety.weights.isOwn', {
        company: info.companyName,
        time: formatTime(info.updatedAt),
        name: info.updatedByName ?? '—',
      });
  return (
    <Alert
      type="info"
      showIcon
      title={whose}
      description={canWrite ? undefined : t('statistics.safety.weights.readOnly')}
      style={{ marginBottom: 16 }}
      data-testid="safety-weights-status"
    />
  );
}

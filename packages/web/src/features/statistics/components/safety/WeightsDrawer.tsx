import { type SafetyWeights, safetyScoreApi } from '@safety-shield/contract';
import { Drawer, Empty, Form, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../shared/ui/LoadError.js';
import { useAttempt } from '../../../../shared/ui/use-attempt.js';
import { useCan, useSelfInfo } from '../../../auth/index.js';
import { OrgPicker } from '../../../orgs/index.js';
import { picksCompany, useSafetyWeights, useSaveSafetyWeights } from '../../../safety-score/index.js';
import { WeightsActions } from './WeightsActions.js';
import { WeightsForm } from './WeightsForm.js';
import { WeightsStatus } from './WeightsStatus.js';

interface Props {
  open: boolean;
  /** The company in the page's filter: the one shown first to a Super or Agent Admin. */
  companyId: number | undefined;
  onClose(): void;
}

/** A company's safety-score weights: a Company Admin or above changes them or goes back to the defaults. */
export function WeightsDrawer({ open, companyId, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose} size="min(640px, 100vw)" title={t('statistics.safety.weights.title')} destroyOnHidden>
      {open && <WeightsBody companyId={companyId} onClose={onClose} />}
    </Drawer>
  );
}

function WeightsBody({ companyId: first, onClose }: Omit<Props, 'open'>) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const [form] = Form.useForm<SafetyWeights>();
  const pick = picksCompany(useSelfInfo().data?.baseInfo.role);
  const canWrite = useCan()(safetyScoreApi.saveWeights);
  const [companyId, setCompanyId] = useState(first);
  const chosen = pick ? companyId : undefined;
  const weights = useSafetyWeights(chosen, !pick || companyId !== undefined);
  const save = useSaveSafetyWeights();
  const info = weights.data;

  const put = async (next: SafetyWeights | null, done: string) => {
    if (await attempt(() => save.mutateAsync({ ...(chosen === undefined ? {} : { companyId: chosen }), weights: next }), done)) onClose();
  };

  return (
    <div data-testid="safety-weights">
      {pick && (
        <Form layout="vertical">
          <Form.Item label={t('statistics.filter.company')} htmlFor="safety-weights-company">
            <OrgPicker id="safety-weights-company" kind="company" value={companyId} onChange={setCompanyId} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      )}
      {pick && companyId === undefined ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('statistics.safety.weights.chooseCompany')} />
      ) : weights.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : !info ? (
        <LoadError onRetry={() => void weights.refetch()} />
      ) : (
        <>
          <WeightsStatus info={info} canWrite={canWrite} />
          <WeightsForm
            key={`${info.companyId}-${info.updatedAt}`}
            form={form}
            weights={info.weights}
            disabled={!canWrite}
            onFinish={(values) => void put(values, t('statistics.safety.weights.saved'))}
          />
          {canWrite && (
            <WeightsActions
              companyName={info.companyName}
              pending={save.isPending}
              onSave={() => form.submit()}
              onReset={() => void put(null, t('statistics.safety.weights.resetDone'))}
              onCancel={onClose}
            />
          )}
        </>
      )}
    </div>
  );
}

import { PauseCircleOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { SubscriptionRecord, SubscriptionState } from '@safety-shield/contract';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.js';
import { useChangeSubscriptionState } from '../api/save-subscription.js';

interface Transition {
  key: 'suspend' | 'resume' | 'end';
  to: SubscriptionState;
  from: readonly SubscriptionState[];
  icon: ReactNode;
  danger?: boolean;
}

/** Active ↔ suspended; either can be ended, and an ended subscription stays ended. */
const transitions: readonly Transition[] = [
  { key: 'suspend', to: 'suspended', from: ['active'], icon: <PauseCircleOutlined /> },
  { key: 'resume', to: 'active', from: ['suspended'], icon: <PlayCircleOutlined /> },
  { key: 'end', to: 'ended', from: ['active', 'suspended'], icon: <StopOutlined />, danger: true },
];

/** A row's state changes, each asked for first. */
export function SubscriptionStateActions({ record }: { record: SubscriptionRecord }) {
  const { t } = useTranslation();
  const change = useChangeSubscriptionState();
  const company = record.companyName ?? `#${record.companyId}`;
  return transitions
    .filter((transition) => transition.from.includes(record.state))
    .map((transition) => (
      <ConfirmAction
        key={transition.key}
        title={t(`subscriptions.confirm.${transition.key}`, { company })}
        description={transition.key === 'end' ? t('subscriptions.confirm.endHint') : undefined}
        okText={t(`subscriptions.action.${transition.key}`)}
        danger={transition.danger}
        done={t('list.stateChanged')}
        onConfirm={() => change.mutateAsync({ id: record.id, state: transition.to })}
      >
        <Button type="link" size="small" danger={transition.danger} icon={transition.icon} loading={change.isPending}>
          {t(`subscriptions.action.${transition.key}`)}
        </Button>
      </ConfirmAction>
    ));
}

import { Descriptions, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/ui/format.js';
import { useSubscriptionState } from '../api/get-dashboard.js';
import { Counts, StatusCard } from './StatusCard.js';

const stateColour = { active: 'green', suspended: 'orange', ended: 'default' } as const;

/** The caller's company's subscription, and the subscriptions in scope by state. */
export function SubscriptionCard() {
  const { t } = useTranslation();
  const { data } = useSubscriptionState();
  return (
    <StatusCard name="subscription" data={data}>
      {({ current, active, suspended, ended, expiringSoon }) => (
        <>
          {current ? (
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('dashboard.subscription.plan')}>{t(`dashboard.plans.${current.plan}`)}</Descriptions.Item>
              <Descriptions.Item label={t('dashboard.subscription.state')}>
                <Tag color={stateColour[current.state]}>{t(`dashboard.states.${current.state}`)}</Tag>
                {current.state === 'active' && t('dashboard.subscription.daysLeft', { count: current.daysLeft })}
              </Descriptions.Item>
              <Descriptions.Item label={t('dashboard.subscription.deviceQuota')}>{current.deviceQuota}</Descriptions.Item>
              <Descriptions.Item label={t('dashboard.subscription.period')}>
                {formatTime(current.startTime)} – {formatTime(current.endTime)}
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.subscription.none')} />
          )}
          <Counts
            textKey="dashboard.subscription"
            counts={{ active, suspended, ended, expiringSoon }}
            column={2}
            style={{ marginTop: 8 }}
          />
        </>
      )}
    </StatusCard>
  );
}

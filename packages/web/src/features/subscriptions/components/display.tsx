import type { SubscriptionState } from '@safety-shield/contract';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

const stateColours: Record<SubscriptionState, string> = { active: 'success', suspended: 'warning', ended: 'default' };

export function SubscriptionStateTag({ state }: { state: SubscriptionState }) {
  const { t } = useTranslation();
  return <Tag color={stateColours[state]}>{t(`subscriptions.state.${state}`)}</Tag>;
}

/** A period as whole days in the browser's time zone. */
export const formatPeriod = (startTime: number, endTime: number) =>
  `${dayjs(startTime).format('YYYY-MM-DD')} – ${dayjs(endTime).format('YYYY-MM-DD')}`;

export const dash = (value: string | number | null | undefined) => (value == null || value === '' ? '—' : value);

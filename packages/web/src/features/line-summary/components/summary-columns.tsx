import { type OnlineSummaryRecord, pathTo } from '@safety-shield/contract';
import { Flex, type TableColumnsType, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import type { TdHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOnlineText } from './use-online-text.js';

const DAY_SECONDS = 86_400;
/** A time stays on one line ("11 Std 14 Min"): the table scrolls sideways instead. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * A light wash of the theme colour, stronger the more of the day (`share`) the device was online: the text stays
 * readable on it in light and dark alike. Nothing for a day without time.
 */
function wash(colour: string, share: number): string | undefined {
  if (share <= 0) return undefined;
  const alpha = Math.round((0.06 + Math.min(1, share) * 0.22) * 255);
  return /^#[0-9a-f]{6}$/i.test(colour) ? `${colour}${alpha.toString(16).padStart(2, '0')}` : undefined;
}

/** A day's column header: its weekday over its date, short enough for 31 columns. */
function DayTitle({ day }: { day: string }) {
  return (
    <Flex vertical align="flex-end" style={{ lineHeight: 1.3 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
        {dayjs(day).format('ddd')}
      </Typography.Text>
      <span>{day.slice(5)}</span>
    </Flex>
  );
}

/**
 * The table's columns: the device (its uuid leads to its page, its plate beneath), its total in the span, then one
 * column a day. A day's cell is tinted by how much of the day the device was online, so gaps show at a glance.
 */
export function useSummaryColumns(days: readonly string[], pinned: boolean): TableColumnsType<OnlineSummaryRecord> {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const onlineText = useOnlineText();
  const secondsOn = (row: OnlineSummaryRecord, day: string) => row.days.find((entry) => entry.day === day)?.seconds ?? 0;
  return [
    {
      key: 'device',
      title: t('lineSummary.device'),
      fixed: pinned ? 'left' : undefined,
      width: pinned ? 220 : 150,
      className: 'line-summary-device',
      render: (_, row) => (
        <Flex vertical>
          <Link to={pathTo('DeviceDetail', { query: { deviceId: row.deviceId } })} data-testid="summary-device">
            {row.deviceUuid}
          </Link>
          {row.licensePlate ? (
            <Typography.Text type="secondary">{row.licensePlate}</Typography.Text>
          ) : (
            <Tag style={{ alignSelf: 'flex-start' }}>{t('lineSummary.unbound')}</Tag>
          )}
        </Flex>
      ),
    },
    {
      key: 'total',
      title: t('lineSummary.total'),
      fixed: pinned ? 'left' : undefined,
      align: 'right',
      width: 120,
      onCell: () => ({ style: NO_WRAP }),
      render: (_, row) => (
        <Typography.Text strong data-testid="summary-total">
          {row.totalSeconds > 0 ? onlineText(row.totalSeconds) : '—'}
        </Typography.Text>
      ),
    },
    ...days.map<TableColumnsType<OnlineSummaryRecord>[number]>((day) => ({
      key: day,
      title: <DayTitle day={day} />,
      align: 'right',
      width: 96,
      onHeaderCell: () => ({ 'data-day': day }) as TdHTMLAttributes<HTMLTableCellElement>,
      onCell: (row) => {
        const background = wash(token.colorPrimary, secondsOn(row, day) / DAY_SECONDS);
        return { 'data-day': day, style: { ...NO_WRAP, background } } as TdHTMLAttributes<HTMLTableCellElement>;
      },
      render: (_, row) => {
        const seconds = secondsOn(row, day);
        return seconds > 0 ? onlineText(seconds) : <Typography.Text type="secondary">—</Typography.Text>;
      },
    })),
  ];
}

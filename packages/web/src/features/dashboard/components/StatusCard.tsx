import { Card, Descriptions, Skeleton } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface StatusCardProps<T> {
  /** The block's texts' key under `dashboard` ('quota': title `dashboard.quota.title`, test id `dashboard-quota`). */
  name: string;
  /** The block's figures; a skeleton until they arrive. */
  data: T | undefined;
  children(data: T): ReactNode;
}

/** A dashboard block, as tall as the others in its row. */
export function StatusCard<T>({ name, data, children }: StatusCardProps<T>) {
  const { t } = useTranslation();
  return (
    <Card title={t(`dashboard.${name}.title`)} size="small" data-testid={`dashboard-${name}`} style={{ height: '100%' }}>
      {!data ? <Skeleton active /> : children(data)}
    </Card>
  );
}

interface CountsProps {
  /** Where the counts' labels are: 'dashboard.upgrade' → 'dashboard.upgrade.pending'. */
  textKey: string;
  counts: Record<string, number>;
  column: number;
  style?: CSSProperties;
}

/** A block's counts, each under its label. */
export function Counts({ textKey, counts, column, style }: CountsProps) {
  const { t } = useTranslation();
  return (
    <Descriptions column={column} size="small" style={style}>
      {Object.entries(counts).map(([key, count]) => (
        <Descriptions.Item key={key} label={t(`${textKey}.${key}`)}>
          {count}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

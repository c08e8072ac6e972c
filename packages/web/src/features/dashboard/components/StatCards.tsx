import { AlertOutlined, CarOutlined, DatabaseOutlined, HddOutlined } from '@ant-design/icons';
import { Card, Col, Progress, Row, Skeleton, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { statisticText } from '../../../shared/ui/format.js';
import { useToDay } from '../api/get-dashboard.js';

function StatCard(props: {
  id: string;
  icon: ReactNode;
  title: string;
  value?: number;
  total?: number | null;
  caption: string;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const { id, icon, title, value = 0, total, caption, loading } = props;
  const percent = total ? Math.round((value / total) * 100) : 0;
  return (
    <Card size="small" data-testid={`stat-${id}`}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <>
          <Statistic
            title={
              <span>
                {icon} {title}
              </span>
            }
            value={value}
            formatter={statisticText(0)}
            suffix={
              <span>
                / <span data-testid={`stat-${id}-total`}>{total ?? t('dashboard.cards.noLimit')}</span>
              </span>
            }
            valueRender={(node) => <span data-testid={`stat-${id}-value`}>{node}</span>}
          />
          <Progress percent={percent} showInfo={false} size="small" aria-label={`${title}: ${caption}`} />
          <div className="dashboard-caption">{caption}</div>
        </>
      )}
    </Card>
  );
}

/** SPEC section 2: vehicles and devices online/total, incidents today/total, device quota used/total. */
export function StatCards() {
  const { t } = useTranslation();
  const { data, isPending } = useToDay();
  const cards = [
    { id: 'vehicles', icon: <CarOutlined />, value: data?.vehicles.online, total: data?.vehicles.total, caption: 'onlineTotal' },
    { id: 'devices', icon: <HddOutlined />, value: data?.devices.online, total: data?.devices.total, caption: 'onlineTotal' },
    { id: 'incidents', icon: <AlertOutlined />, value: data?.incidents.today, total: data?.incidents.total, caption: 'todayTotal' },
    { id: 'quota', icon: <DatabaseOutlined />, value: data?.quota.used, total: data?.quota.total, caption: 'usedTotal' },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.id} xs={24} sm={12} xl={6}>
          <StatCard
            id={card.id}
            icon={card.icon}
            title={t(`dashboard.cards.${card.id}`)}
            value={card.value}
            total={card.total}
            caption={t(`dashboard.cards.${card.caption}`)}
            loading={isPending}
          />
        </Col>
      ))}
    </Row>
  );
}

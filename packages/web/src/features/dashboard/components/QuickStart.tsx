import { CompassOutlined, FilePdfOutlined, MailOutlined } from '@ant-design/icons';
import { dashboardApi } from '@safety-shield/contract';
import { App, Button, Card, Space, Tour, type TourProps, Typography } from 'antd';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/http/download.js';
import { usePreferences } from '../../../shared/preferences/PreferencesProvider.js';
import { useDownload } from '../../../shared/ui/DownloadButton.js';

const element = (selector: string) => () => document.querySelector<HTMLElement>(selector) as HTMLElement;

/** SPEC section 2: the quick-start block: a tour of the console, the user guide (a PDF the portal writes), contact. */
export function QuickStart({ rangeRef }: { rangeRef: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { language } = usePreferences();
  const [touring, setTouring] = useState(false);
  const guide = useDownload();

  const steps: TourProps['steps'] = [
    // The sidebar, or on a phone the button that opens its drawer.
    {
      title: t('dashboard.tour.sidebarTitle'),
      description: t('dashboard.tour.sidebarText'),
      target: element('.shell-sider, [data-testid="sidebar-toggle"]'),
    },
    { title: t('dashboard.tour.headerTitle'), description: t('dashboard.tour.headerText'), target: element('.shell-header') },
    { title: t('dashboard.tour.tabsTitle'), description: t('dashboard.tour.tabsText'), target: element('[data-testid="tabs-view"]') },
    { title: t('dashboard.tour.rangeTitle'), description: t('dashboard.tour.rangeText'), target: () => rangeRef.current as HTMLElement },
  ];

  const downloadGuide = async () => {
    const saved = await guide.run(() => downloadFile(dashboardApi.userGuide, { language }, `safety-shield-user-guide-${language}.pdf`));
    if (!saved) message.error(t('dashboard.quickStart.guideFailed'));
  };

  return (
    <Card title={t('dashboard.quickStart.title')} size="small" data-testid="dashboard-quick-start" style={{ height: '100%' }}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button block icon={<CompassOutlined />} onClick={() => setTouring(true)} data-testid="dashboard-tour">
          {t('dashboard.quickStart.tour')}
        </Button>
        <Button block icon={<FilePdfOutlined />} loading={guide.running} onClick={() => void downloadGuide()} data-testid="dashboard-guide">
          {t('dashboard.quickStart.guide')}
        </Button>
        <Typography.Paragraph style={{ margin: 0 }}>
          <MailOutlined /> <strong>{t('dashboard.quickStart.contact')}</strong>: {t('dashboard.quickStart.contactText')}
        </Typography.Paragraph>
      </Space>
      {/* Mounted only while touring: a closed antd Tour still takes part in the page and closed the header's menus. */}
      {touring && <Tour open onClose={() => setTouring(false)} onFinish={() => setTouring(false)} steps={steps} />}
    </Card>
  );
}

import { RocketOutlined } from '@ant-design/icons';
import type { FirmwarePackage } from '@safety-shield/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sizeText } from '../../shared/ui/format.js';
import { actionsColumn, DeleteAction, type ListColumns, ListPage, TextFilter, useFilteredList } from '../../shared/ui/list/index.js';
import { WhoAndWhen } from '../../shared/ui/WhoAndWhen.js';
import { usePackages, useRemovePackage } from './api/packages.js';
import { campaignFormPath } from './components/paths.js';
import { Sha } from './components/Sha.js';
import { TextTags } from './components/TextTags.js';
import { UploadForm } from './components/UploadForm.js';

const FILTERS = { keyword: 'text' } as const;

/** /upgradeCollection/index (Super Admin): the firmware library: upload a package, see its checksum, start a campaign with it. */
export function UpgradeCollectionPage() {
  const { t } = useTranslation();
  const list = useFilteredList(FILTERS);
  const query = usePackages({ page: list.page, limit: list.limit, keyword: list.values.keyword });
  const remove = useRemovePackage();

  const columns: ListColumns<FirmwarePackage> = [
    {
      key: 'version',
      title: t('firmware.version'),
      fitWidth: 110,
      render: (_, pkg) => <Typography.Text strong>{pkg.version}</Typography.Text>,
    },
    {
      key: 'models',
      title: t('firmware.models'),
      priority: 2,
      fitWidth: 170,
      render: (_, pkg) =>
        pkg.models.length === 0 ? (
          <Typography.Text type="secondary">{t('firmware.allModels')}</Typography.Text>
        ) : (
          <TextTags texts={pkg.models} />
        ),
    },
    { key: 'size', title: t('firmware.size'), priority: 3, fitWidth: 90, render: (_, pkg) => sizeText(pkg.size) },
    { key: 'sha', title: 'SHA-256', priority: 1, fitWidth: 170, render: (_, pkg) => <Sha value={pkg.sha256} /> },
    {
      key: 'notes',
      title: t('firmware.notes'),
      priority: 4,
      fitWidth: 240,
      render: (_, pkg) =>
        pkg.notes ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: pkg.notes }} style={{ marginBottom: 0, maxWidth: 320 }}>
            {pkg.notes}
          </Typography.Paragraph>
        ) : (
          '—'
        ),
    },
    {
      key: 'uploaded',
      title: t('firmware.uploaded'),
      priority: 3,
      fitWidth: 180,
      render: (_, pkg) => <WhoAndWhen who={pkg.createdBy} time={pkg.createTime} />,
    },
    { key: 'campaigns', title: t('firmware.campaigns'), priority: 2, fitWidth: 100, dataIndex: 'campaigns' },
    actionsColumn(
      t('list.actions'),
      (pkg) => (
        <>
          <Link to={campaignFormPath(pkg.id)} data-testid="firmware-start-campaign" style={{ paddingInline: 7, whiteSpace: 'nowrap' }}>
            <RocketOutlined /> {t('firmware.startCampaign')}
          </Link>
          {pkg.campaigns === 0 && (
            <DeleteAction name={pkg.version} hint={t('firmware.deleteHint')} onDelete={() => remove.mutateAsync(pkg.id)} />
          )}
        </>
      ),
      220,
    ),
  ];

  return (
    <Flex vertical gap={16} data-testid="upgrade-collection">
      <UploadForm />
      <ListPage<FirmwarePackage>
        testId="firmware-packages"
        query={query}
        list={list}
        filterFields={
          <TextFilter name="keyword" label={t('firmware.keyword')} placeholder={t('firmware.keywordPlaceholder')} width={220} />
        }
        rowKey="id"
        columns={columns}
      />
    </Flex>
  );
}

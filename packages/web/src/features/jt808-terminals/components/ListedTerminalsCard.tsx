import { PlusOutlined } from '@ant-design/icons';
import type { ListedTerminalRecord } from '@safety-shield/contract';
import { Alert, Button, Card, Flex, Form, Grid, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../shared/ui/DownloadButton.js';
import { formatTime } from '../../../shared/ui/format.js';
import { actionsColumn, type ListColumns, ListTable } from '../../../shared/ui/list/index.js';
import { OrgPicker } from '../../orgs/index.js';
import { downloadListed, useListedTerminals } from '../api/listed-terminals.js';
import { AddTerminalDialog } from './AddTerminalDialog.js';
import { ImportButton } from './ImportButton.js';
import { RemoveTerminalAction } from './RemoveTerminalAction.js';

/**
 * "JT/T 808 terminals listed in advance" (issue 30): the company's terminals that may register under
 * `JT808_REGISTRATION=listed`, with whether each has; add one, import a workbook, download the list, remove one
 * that has not registered. Under open registration it says that any terminal registers anyway.
 */
export function ListedTerminalsCard({ choosesCompany }: { choosesCompany: boolean }) {
  const { t } = useTranslation();
  const compact = !Grid.useBreakpoint().lg;
  const [companyId, setCompanyId] = useState<number>();
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [adding, setAdding] = useState(false);
  const ready = !choosesCompany || companyId !== undefined;
  const query = useListedTerminals(companyId, paging.page, paging.limit, ready);
  const list = { ...paging, setPage: (page: number, limit: number) => setPaging({ page: limit === paging.limit ? page : 1, limit }) };
  const registration = query.data?.registration;

  const columns: ListColumns<ListedTerminalRecord> = [
    { title: t('listedTerminals.terminalNo'), dataIndex: 'terminalNo', fitWidth: 180 },
    { title: t('devices.plate'), dataIndex: 'plate', render: (plate: string | null) => plate ?? '—', priority: 3, fitWidth: 120 },
    {
      title: t('devices.state'),
      key: 'state',
      priority: 2,
      fitWidth: 190,
      render: (_: unknown, record: ListedTerminalRecord) =>
        record.registeredTime === null ? (
          <Tag color="warning">{t('listedTerminals.waiting')}</Tag>
        ) : (
          <Tag color="success" title={formatTime(record.registeredTime)}>
            {t('listedTerminals.registered')}
          </Tag>
        ),
    },
    {
      title: t('listedTerminals.listedAt'),
      key: 'created',
      priority: 4,
      fitWidth: 170,
      render: (_: unknown, record: ListedTerminalRecord) => formatTime(record.createTime),
    },
    actionsColumn(t('list.actions'), (record) => <RemoveTerminalAction terminal={record} compact={compact} />, compact ? 48 : 110),
  ];

  return (
    <Card size="small" title={t('listedTerminals.title')} data-testid="listed-terminals">
      <Flex vertical gap={12}>
        {registration && (
          <Alert
            type={registration === 'listed' ? 'info' : 'warning'}
            showIcon
            title={t(registration === 'listed' ? 'listedTerminals.explainListed' : 'listedTerminals.explainOpen')}
            data-testid="listed-policy"
          />
        )}
        <Flex gap={12} wrap align="center">
          {choosesCompany && (
            <Form.Item label={t('devices.company')} htmlFor="listed-company" style={{ marginBottom: 0 }}>
              <OrgPicker
                kind="company"
                id="listed-company"
                value={companyId}
                onChange={(id) => {
                  setCompanyId(id);
                  setPaging((p) => ({ ...p, page: 1 }));
                }}
                style={{ width: 240, maxWidth: '100%' }}
              />
            </Form.Item>
          )}
          <Button type="primary" icon={<PlusOutlined />} disabled={!ready} onClick={() => setAdding(true)} data-testid="listed-add">
            {t('listedTerminals.add')}
          </Button>
          <ImportButton companyId={companyId} disabled={!ready} />
          <DownloadButton save={() => downloadListed(companyId)} failed={t('listedTerminals.downloadFailed')} disabled={!ready}>
            {t('listedTerminals.download')}
          </DownloadButton>
        </Flex>
        <Typography.Text type="secondary">{t('listedTerminals.importHint')}</Typography.Text>
        {!ready && <Typography.Text type="secondary">{t('listedTerminals.chooseCompany')}</Typography.Text>}
        {query.isError && <Alert type="error" showIcon title={t('common.loadFailed')} />}
        {ready && query.data?.total === 0 && (
          <Typography.Text type="secondary" data-testid="listed-empty">
            {t('listedTerminals.empty')}
          </Typography.Text>
        )}
        {ready && (query.isPending || (query.data?.total ?? 0) > 0) && (
          <ListTable<ListedTerminalRecord>
            tableId="listed-terminals"
            testId="listed-terminals-table"
            rowKey="deviceId"
            columns={columns}
            list={list}
            query={{ data: query.data, isFetching: query.isFetching }}
          />
        )}
      </Flex>
      {adding && <AddTerminalDialog companyId={companyId} onClose={() => setAdding(false)} />}
    </Card>
  );
}

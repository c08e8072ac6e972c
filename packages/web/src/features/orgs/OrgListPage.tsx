import { PictureOutlined, PlusOutlined } from '@ant-design/icons';
import type { OrgKind, OrgRecord, OrgState } from '@safety-shield/contract';
import { Button, Form, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/ui/format.js';
import {
  actionsColumn,
  DeleteAction,
  EditAction,
  type ListColumns,
  ListPage,
  SelectFilter,
  StateSwitch,
  TextFilter,
  useFilteredList,
} from '../../shared/ui/list/index.js';
import { SsoAction } from '../sso/index.js';
import { useChangeOrgState } from './api/change-org-state.js';
import { useDeleteOrg } from './api/delete-org.js';
import { useOrgs } from './api/get-orgs.js';
import { parentOf, quotasOf } from './components/kinds.js';
import { OrgDialog } from './components/OrgDialog.js';
import { OrgPicker } from './components/OrgPicker.js';

const orgStates = ['enabled', 'forbidden'] as const satisfies readonly OrgState[];
const FILTERS = { name: 'text', state: orgStates, parentId: 'id' } as const;

const dash = (value: string | number | null | undefined) => (value == null || value === '' ? '—' : value);

/** One list page for each organisation kind: filters, table, create/edit dialog, state switch and delete. */
export function OrgListPage({ kind }: { kind: OrgKind }) {
  const { t } = useTranslation();
  const list = useFilteredList(FILTERS);
  const parent = parentOf(kind);
  const quotas = quotasOf(kind);
  const { name, state, parentId } = list.values;
  const query = useOrgs(kind, {
    page: list.page,
    limit: list.limit,
    name,
    state,
    parentId: parent ? parentId : undefined,
  });
  const remove = useDeleteOrg(kind);
  const changeState = useChangeOrgState(kind);
  const [dialog, setDialog] = useState<{ open: boolean; record?: OrgRecord }>({ open: false });

  // Issue 16: the name, its parents and its state first; address, quotas and creation time as the width allows.
  const columns: ListColumns<OrgRecord> = [
    {
      title: t('org.name'),
      dataIndex: 'name',
      fitWidth: 180,
      render: (name: string, record) => (
        <Space>
          {record.hasLogo && <PictureOutlined title={t('org.logo')} aria-label={t('org.logo')} />}
          {name}
        </Space>
      ),
    },
    ...(kind !== 'agent' ? [{ title: t('org.kind.agent'), dataIndex: 'agentName', render: dash, priority: 3, fitWidth: 150 }] : []),
    ...(kind === 'fleet' || kind === 'site'
      ? [{ title: t('org.kind.company'), dataIndex: 'companyName', render: dash, priority: 2, fitWidth: 150 }]
      : []),
    ...(kind === 'site' ? [{ title: t('org.kind.fleet'), dataIndex: 'parentName', render: dash, priority: 2, fitWidth: 150 }] : []),
    { title: t('org.address'), dataIndex: 'address', render: dash, ellipsis: true, priority: 4, fitWidth: 200 },
    ...(quotas.companyQuota
      ? [{ title: t('org.companyQuota'), dataIndex: 'companyQuota', render: dash, align: 'right' as const, priority: 4, fitWidth: 140 }]
      : []),
    ...(quotas.deviceQuota
      ? [{ title: t('org.deviceQuota'), dataIndex: 'deviceQuota', render: dash, align: 'right' as const, priority: 4, fitWidth: 140 }]
      : []),
    {
      title: t('org.stateLabel'),
      dataIndex: 'state',
      priority: 2,
      fitWidth: 130,
      render: (state: OrgState, record) => (
        <StateSwitch
          state={state}
          states={orgStates}
          texts="org"
          name={record.name}
          onChange={(next) => changeState.mutateAsync({ id: record.id, state: next })}
        />
      ),
    },
    { title: t('list.createTime'), dataIndex: 'createTime', render: formatTime, priority: 5, fitWidth: 180 },
    actionsColumn(t('list.actions'), (record) => (
      <>
        <EditAction onEdit={() => setDialog({ open: true, record })} />
        {kind === 'company' && <SsoAction company={record} />}
        <DeleteAction
          name={record.name}
          hint={record.childCount + record.accountCount > 0 ? t('org.deleteHint') : undefined}
          onDelete={() => remove.mutateAsync(record.id)}
        />
      </>
    )),
  ];

  return (
    <ListPage
      testId={`org-list-${kind}`}
      query={query}
      list={list}
      filterFields={
        <>
          <TextFilter name="name" label={t('org.name')} placeholder={t('org.namePlaceholder')} />
          {parent && (
            <Form.Item name="parentId" label={t(`org.kind.${parent}`)}>
              <OrgPicker kind={parent} />
            </Form.Item>
          )}
          <SelectFilter name="state" label={t('org.stateLabel')} width={140} values={orgStates} textKey="org.state" />
        </>
      }
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true })}>
          {t(`org.add.${kind}`)}
        </Button>
      }
      rowKey="id"
      columns={columns}
    >
      <OrgDialog kind={kind} record={dialog.record} open={dialog.open} onClose={() => setDialog({ open: false })} />
    </ListPage>
  );
}

export const AgentListPage = () => <OrgListPage kind="agent" />;
export const CompanyListPage = () => <OrgListPage kind="company" />;
export const FleetListPage = () => <OrgListPage kind="fleet" />;
export const SiteListPage = () => <OrgListPage kind="site" />;

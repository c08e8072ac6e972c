import type { ListedTerminalImportResult } from '@safety-shield/contract';
import { Alert, Descriptions, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';

type Problem = ListedTerminalImportResult['problems'][number];

/** What an import did: rows read, added, already listed, and each row it left out with why. */
export function ImportResultModal({ result, onClose }: { result: ListedTerminalImportResult; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('listedTerminals.resultTitle')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('common.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
      data-testid="listed-import-result"
    >
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'rows', label: t('listedTerminals.resultRows'), children: result.rows },
          {
            key: 'added',
            label: t('listedTerminals.resultAdded'),
            children: <span data-testid="listed-import-added">{result.added}</span>,
          },
          { key: 'unchanged', label: t('listedTerminals.resultUnchanged'), children: result.unchanged },
          { key: 'problems', label: t('listedTerminals.resultProblems'), children: result.problems.length },
        ]}
      />
      {result.problems.length > 0 ? (
        <Table<Problem>
          style={{ marginTop: 12 }}
          size="small"
          rowKey="row"
          pagination={result.problems.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          dataSource={result.problems}
          columns={[
            { title: t('listedTerminals.row'), dataIndex: 'row', width: 64 },
            { title: t('listedTerminals.terminalNo'), dataIndex: 'terminalNo', render: (value: string) => value || '—' },
            {
              title: t('listedTerminals.problem'),
              dataIndex: 'problem',
              render: (value: Problem['problem']) => t(`listedTerminals.problems.${value}`),
            },
          ]}
        />
      ) : (
        <Alert style={{ marginTop: 12 }} type="success" showIcon title={t('listedTerminals.noProblems')} />
      )}
    </Modal>
  );
}

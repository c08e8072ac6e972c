import { UploadOutlined } from '@ant-design/icons';
import { LISTED_IMPORT_MAX_BYTES, type ListedTerminalImportResult } from '@safety-shield/contract';
import { App, Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportListedTerminals } from '../api/listed-terminals.js';
import { ImportResultModal } from './ImportResultModal.js';
import { readWorkbook } from './read-workbook.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Imports an .xlsx of terminal numbers (column A) and plates (B), then shows what became of each row. */
export function ImportButton({ companyId, disabled }: { companyId: number | undefined; disabled?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const run = useImportListedTerminals();
  const [result, setResult] = useState<ListedTerminalImportResult>();
  const choose = async (file: File) => {
    const read = await readWorkbook(file);
    if (!read.ok) {
      message.error(
        t(read.reason === 'size' ? 'listedTerminals.tooLarge' : 'listedTerminals.notXlsx', {
          size: `${LISTED_IMPORT_MAX_BYTES / 1024} KB`,
        }),
      );
      return;
    }
    try {
      setResult(await run.mutateAsync({ companyId, file: read.base64 }));
    } catch {
      // the HTTP layer has shown the server's reason
    }
  };
  return (
    <>
      <Upload
        accept={`.xlsx,${XLSX}`}
        showUploadList={false}
        maxCount={1}
        disabled={disabled}
        beforeUpload={(file) => {
          void choose(file);
          return false; // read in the browser and sent in the import's body
        }}
      >
        <Button icon={<UploadOutlined />} loading={run.isPending} disabled={disabled} data-testid="listed-import">
          {t('listedTerminals.import')}
        </Button>
      </Upload>
      {result && <ImportResultModal result={result} onClose={() => setResult(undefined)} />}
    </>
  );
}

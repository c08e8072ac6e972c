import { DownloadOutlined } from '@ant-design/icons';
import type { Endpoint, InputOf } from '@safety-shield/contract';
import { App, Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/http/download.js';

/** The server records the codeKey each call answered with. */
const SUCCESS = 'REQUEST_SUCCESS';

/** A log line's result: green when the call went through, else red with the code's words. */
export function ResultTag({ value }: { value: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Tag color={value === SUCCESS ? 'success' : 'error'} title={value}>
      {i18n.exists(`codeKey.${value}`) ? t(`codeKey.${value}`) : value}
    </Tag>
  );
}

/** A log's CSV export with the list's filters; SPEC section 8: a failed export is only logged, with a hint here. */
export function CsvExportButton<E extends Endpoint>({
  declaration,
  input,
  filename,
}: {
  declaration: E;
  input: InputOf<E>;
  filename: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    const saved = await downloadFile(declaration, input, filename);
    setExporting(false);
    if (!saved) message.warning(t('log.exportFailed'));
  };
  return (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void run()}>
      {t('log.export')}
    </Button>
  );
}

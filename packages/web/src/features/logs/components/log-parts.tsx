import type { Endpoint, InputOf } from '@safety-shield/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/http/download.js';
import { DownloadButton } from '../../../shared/ui/DownloadButton.js';

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
  return (
    <DownloadButton save={() => downloadFile(declaration, input, filename)} failed={t('log.exportFailed')}>
      {t('log.export')}
    </DownloadButton>
  );
}

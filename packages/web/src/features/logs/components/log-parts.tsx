import type { Endpoint, InputOf } from '@safety-shield/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/http/download.js';
import { DownloadButton } from '../../../shared/ui/DownloadButton.js';
import { actorText, formatTime } from '../../../shared/ui/format.js';
import { type ListColumn, SelectFilter } from '../../../shared/ui/list/index.js';
import { actionLabel } from './actions.js';

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

/** The columns the logs share (who, what, how it ended), each at the priority its log gives it (issue 16). */
export const logColumns = {
  time: <T,>(t: TFunction): ListColumn<T> => ({ title: t('log.time'), dataIndex: 'at', render: formatTime, fitWidth: 180 }),
  username: <T,>(t: TFunction, priority: number): ListColumn<T> => ({
    title: t('log.username'),
    dataIndex: 'username',
    priority,
    fitWidth: 130,
    render: actorText,
  }),
  action: <T,>(t: TFunction, priority: number): ListColumn<T> => ({
    title: t('log.action'),
    dataIndex: 'action',
    priority,
    fitWidth: 200,
    render: (value: string) => actionLabel(value, t),
  }),
  result: <T,>(t: TFunction, priority: number): ListColumn<T> => ({
    title: t('log.result'),
    dataIndex: 'result',
    priority,
    fitWidth: 160,
    render: (value: string) => <ResultTag value={value} />,
  }),
};

/** A log's action filter: one of `actions`, searched by its words. */
export function ActionFilter({ actions, width }: { actions: readonly string[]; width: number }) {
  const { t } = useTranslation();
  return (
    <SelectFilter
      name="action"
      label={t('log.action')}
      width={width}
      showSearch={{ optionFilterProp: 'label' }}
      options={actions.map((value) => ({ value, label: actionLabel(value, t) }))}
    />
  );
}

import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** How many hex digits a table shows of a SHA-256 (the copy takes all 64). */
const SHOWN = 12;

/** A SHA-256, short in a table or whole below an upload, always copied whole. */
export function Sha({ value, whole = false }: { value: string; whole?: boolean }) {
  const { t } = useTranslation();
  return (
    <Typography.Text
      code
      copyable={{ text: value, tooltips: [t('firmware.copySha'), t('firmware.copied')] }}
      title={value}
      data-testid="firmware-sha"
      data-sha={value}
      style={whole ? { wordBreak: 'break-all', fontSize: 12 } : { whiteSpace: 'nowrap' }}
    >
      {whole ? value : `${value.slice(0, SHOWN)}…`}
    </Typography.Text>
  );
}

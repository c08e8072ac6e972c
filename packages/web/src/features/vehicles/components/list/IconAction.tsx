import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  loading?: boolean;
}

/** A row action as an icon with its name in a tooltip and for screen readers: the row's actions fit beside its data. */
export function IconAction({ label, icon, onClick, loading }: Props) {
  return (
    <Tooltip title={label}>
      <Button type="link" size="small" icon={icon} aria-label={label} onClick={onClick} loading={loading} />
    </Tooltip>
  );
}

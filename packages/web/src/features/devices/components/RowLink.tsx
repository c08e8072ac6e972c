import { Button, Tooltip } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';

interface Props {
  to: string;
  icon: ReactNode;
  label: string;
  /** Icon only, the label in a tooltip and as the accessible name. */
  compact: boolean;
  testId?: string;
}

/**
 * A table row's action that opens a page: drawn as the row's other actions (`RowButton`), but a real link, so it opens in
 * a new tab too; a plain click goes there in this one through the router.
 */
export function RowLink({ to, icon, label, compact, testId }: Props) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  const link = (
    <Button type="link" size="small" icon={icon} href={to} onClick={follow} aria-label={compact ? label : undefined} data-testid={testId}>
      {compact ? undefined : label}
    </Button>
  );
  return compact ? (
    <Tooltip title={label} placement="bottom">
      {link}
    </Tooltip>
  ) : (
    link
  );
}

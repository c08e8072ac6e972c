import { Button, type ButtonProps, Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface Props extends Omit<ButtonProps, 'type' | 'size' | 'children'> {
  icon: ReactNode;
  label: string;
  /** Icon only, the label in a tooltip and as the accessible name. */
  compact: boolean;
}

/** A table row's link-style action, with its text on wide screens and as an icon with a tooltip on narrow ones. */
export function RowButton({ icon, label, compact, ...props }: Props) {
  if (!compact)
    return (
      <Button type="link" size="small" icon={icon} {...props}>
        {label}
      </Button>
    );
  // Below the icon: a confirmation opens above it, and the name must not cover its buttons.
  return (
    <Tooltip title={label} placement="bottom">
      <Button type="link" size="small" icon={icon} aria-label={label} {...props} />
    </Tooltip>
  );
}

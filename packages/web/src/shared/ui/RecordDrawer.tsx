import { Drawer, type DrawerProps } from 'antd';

type Props = Omit<DrawerProps, 'open' | 'destroyOnHidden'> & {
  /** The record shown (or its id); while none is chosen the drawer is closed. */
  of: unknown;
};

/**
 * A drawer beside a list with one of its records: open while one is chosen, its content dropped when it closes, so
 * the next record starts afresh.
 */
export function RecordDrawer({ of, ...props }: Props) {
  return <Drawer open={of !== undefined} destroyOnHidden {...props} />;
}

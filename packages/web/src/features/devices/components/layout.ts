import { Grid } from 'antd';

/**
 * Below the console's mobile breakpoint (992 px, antd's `lg`) a device row's actions shrink to icons and the uuid
 * is no longer pinned: pinned text columns on both sides would leave the rest of the row no room to scroll through.
 */
export function useNarrowRows(): boolean {
  return !Grid.useBreakpoint().lg;
}

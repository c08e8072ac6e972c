import { pageSizes } from '@safety-shield/contract';
import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';

/** SPEC section 9: sizes 10..500, layout total, sizes, prev, pager, next, jumper. */
export function listPagination(
  { page, limit, setPage }: { page: number; limit: number; setPage(page: number, limit: number): void },
  total: number | undefined,
  t: TFunction,
): TablePaginationConfig {
  return {
    current: page,
    pageSize: limit,
    total: total ?? 0,
    pageSizeOptions: pageSizes.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (count) => t('list.total', { total: count }),
    onChange: setPage,
  };
}

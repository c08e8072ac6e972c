export { DeleteAction } from './DeleteAction.js';
export { FilterBar } from './FilterBar.js';
export { ListPage } from './ListPage.js';
export { ListTable } from './ListTable.js';
export { type ListParams, numberFilter, readListParams, writeListParams } from './list-params.js';
export { listPagination } from './pagination.js';
export { type ListParamsApi, useKeepPageInRange, useListParams } from './use-list-params.js';

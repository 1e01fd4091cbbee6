export { Table, type TableColumn, type TableProps } from './table';
export { type PageState, pageCountOf, Pagination, type PaginationProps } from './pagination';

export { SelectableTable, type SelectableTableProps, type TableSelection } from './selectable-table';
export { usePaging } from './use-paging';
export { DeleteSelectedButton, DownloadCsvButton } from './bulk-buttons';

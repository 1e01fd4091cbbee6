/** What other features use of `sales/` (docs/architecture.md: features reach each other through their folder's index). */
export { allowedNumbersRepo } from './allowed-numbers.repo';
export { ENTRY_TTL_MS, expiredText, isExpired, stepEntry } from './entry-dialog';
export { asEntryText, extractEntry } from './extract-entry';
export { recordFieldsRepo } from './record-fields.repo';
export { salesEntriesRepo } from './sales-entries.repo';

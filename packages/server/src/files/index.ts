/** What other features use of `files/` (docs/architecture.md: features reach each other through their folder's index). */
export { fileTopic } from './files.service';
export { fileRequired, readAll, readMultipart } from './multipart';

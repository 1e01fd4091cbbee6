/** What other features use of `files/` (docs/architecture.md: features reach each other through their folder's index). */
export { fileTopic } from './files.service';
export { fileRequired, readAll, readMultipart } from './multipart';
// The root floor: routes and jobs.
export { filesRoutes } from './files.routes';
export { isUpload } from './uploads';
export { PROCESS_FILE } from './files.repo';
export { processFileJob } from './process-file.job';

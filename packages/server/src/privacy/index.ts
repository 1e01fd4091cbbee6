/** What `privacy/` offers the root floor (docs/architecture.md: features reach each other through their folder's index). */
export { queueRetentionRuns } from './retention.service';
// The root floor: routes and jobs.
export { privacyRoutes } from './privacy.routes';
export { RETENTION_RUN, retentionRunJob } from './retention.job';
export { DELETE_STORED, deleteStoredJob } from './stored-files.job';

/**
 * `retention_run`: one institution's retention run (retention.service.ts), queued hourly on each
 * runner's sweep and at start. Idempotent: a second run finds nothing more to remove.
 */
import * as v from 'valibot';
import type { JobHandler } from '../jobs/runner';
import { RETENTION_RUN, type RetentionRunDeps, runRetention } from './retention.service';

export { RETENTION_RUN };

const PayloadSchema = v.object({ institutionId: v.number() });

/** The handler of `retention_run`. */
export function retentionRunJob(deps: RetentionRunDeps): JobHandler {
  return {
    async run(payload, { logger }) {
      const { institutionId } = v.parse(PayloadSchema, payload);
      const counts = await runRetention(deps, institutionId);
      if (counts) logger.info({ institutionId, ...counts }, 'retention run');
    },
  };
}

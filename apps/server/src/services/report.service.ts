import type { ComparisonReportItem } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { ComparisonReportRepository } from '../repositories/comparison-report.repository';
import { mediaUrl } from './media-access.service';

/** The Downloads list: a report links to its file only when it succeeded and the file exists. */
export async function listComparisonReports(deps: AppDeps, userId: string): Promise<ComparisonReportItem[]> {
  const rows = await new ComparisonReportRepository(deps.db).listOfUser(userId);
  return Promise.all(
    rows.map(async (r) => {
      const exists = r.state === 'successfull' && r.storage_key && (await deps.storage.stat(r.storage_key));
      const fileName = r.file_name || (r.storage_key?.split('/').pop() ?? '');
      return {
        id: r.id,
        state: r.state,
        media:
          exists && r.storage_key
            ? mediaUrl(deps, r.storage_key, { kind: 'user', userId }, { downloadName: fileName || undefined })
            : null,
        file_name: fileName,
        created_at: r.created_at,
      };
    }),
  );
}

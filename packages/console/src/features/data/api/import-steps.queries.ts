import type { DataImportStep, DataImportStepBody } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';

/** One step of the multi-step CSV import (upload, preview, run, status; decision 0069). */
export function importStep(appId: string, step: 'upload' | 'preview' | 'run' | 'status', body: DataImportStepBody): Promise<DataImportStep> {
  return getSdk().transfer.importDataServiceFiles(appId, body, step);
}

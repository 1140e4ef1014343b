import type { ServerModule } from '../module.js';
import { CsvImportService } from './csv-import.service.js';
import { registerTransferRoutes } from './transfer.routes.js';
import { ImportJobsService } from './import-jobs.service.js';
import { importJobsAppMigrations } from './import-jobs.migrations.js';
import { transferJobsAppMigrations } from './transfer-jobs.migrations.js';
import { registerImportJobRoutes } from './import-jobs.routes.js';
import { ImportStepsService } from './import-steps.service.js';
import { registerImportStepsRoute } from './transfer.routes.js';

export { CsvImportService } from './csv-import.service.js';

/**
 * Moving data into and out of an application. CSV import of records is built (on top of the data
 * service's validation and bulk create); Firebase users and Airtable bases are
 * imported (decision 0061); the multi-step data import creates tables and columns, then runs an
 * import job (decision 0069).
 */
export const transferModule: ServerModule = {
  name: 'transfer',
  appMigrations: { ...importJobsAppMigrations, ...transferJobsAppMigrations },
  async register(app, ctx) {
    const csv = new CsvImportService(ctx);
    await registerTransferRoutes(app, ctx, csv);
    // CSV imports as server-side jobs that cannot half-happen (decision 0041).
    const jobs = new ImportJobsService(ctx, csv);
    jobs.register();
    await registerImportJobRoutes(app, ctx, jobs);
    // The multi-step import of `importDataServiceFiles` runs on those jobs (decision 0069).
    registerImportStepsRoute(app, ctx, new ImportStepsService(ctx, csv, jobs));
  },
};

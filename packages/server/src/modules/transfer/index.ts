import type { ServerModule } from '../module.js';
import { CsvImportService } from './csv-import.service.js';
import { registerTransferRoutes } from './transfer.routes.js';

export { CsvImportService } from './csv-import.service.js';

/**
 * Moving data into and out of an application. CSV import of records is built (on top of the data
 * service's validation and bulk create); whole-app export/import, Firebase and Airtable answer 501.
 */
export const transferModule: ServerModule = {
  name: 'transfer',
  register(app, ctx) {
    registerTransferRoutes(app, ctx, new CsvImportService(ctx));
  },
};

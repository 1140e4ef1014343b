/** The cloud-code tables and their repos (the other cloud-code parts use these same tables). */
export { cloudCodeMigrations } from './cloudcode.migrations.js';
export type * from './cloudcode.schema.js';
export { cloudCodeDb, num, numOrNull } from './db.js';
export { ModelsRepo, type ModelRecord } from './models.repo.js';
export { FilesRepo, type FileKey, type Stage, type StoredFile } from './files.repo.js';
export { DeploymentsRepo, KEPT_DEPLOYMENTS, type DeploymentRecord } from './deployments.repo.js';
export { ServicesRepo, type ServiceRecord } from './services.repo.js';
export { replaceProductionRows, type ProductionRows } from './production.repo.js';

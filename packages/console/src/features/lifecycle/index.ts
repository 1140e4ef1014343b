/** What the app lifecycle (clone, export, import, reset) offers the rest of the console. */
export { CloneCard } from './components/CloneCard';
export { ExportCard } from './components/ExportCard';
export { ImportCard } from './components/ImportCard';
export { DangerZoneCard } from './components/DangerZoneCard';
export { CreateAppFromZipModal } from './components/CreateAppFromZipModal';
export { downloadFile, useFollowProcess, useFollowedProcess, useLifecycleInTray } from './api/lifecycle-tasks';
export { ZipSourceInput, useZipSourceField } from './components/ZipSourceInput';
export { useCreateAppFromZip } from './api/lifecycle.queries';

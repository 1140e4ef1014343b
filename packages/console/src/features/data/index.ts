/** What the Data area offers the rest of the console. */
export { formatDateTimeWithZone } from './data-format';
export { useSetDataConfig } from './api/config.queries';
export { useGetTables } from './api/tables.queries';

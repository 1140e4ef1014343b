import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import type { DataTable } from '@basalt/shared';
import { errorInfo } from '../../../../lib/errors';
import { exportRecordsCsv, recordsQuery, type RecordsFilter } from '../../api/records.queries';
import { downloadText } from '../../api/tables.queries';
import { numberFormat } from '../../data-format';
import { fieldName, type GridField } from './RecordsGrid.utils';

/** "Export CSV" of the records browser: the records matching search and filter, in the shown order and columns. */
export function useRecordsExport(appId: string, table: DataTable | undefined, fields: GridField[], recordsFilter: RecordsFilter) {
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    if (!table) return;
    setExporting(true);
    try {
      const props = fields.filter((f) => f.kind === 'column').map(fieldName);
      const csv = await exportRecordsCsv(appId, table, recordsQuery(recordsFilter, { props }));
      downloadText(`${table.name}.csv`, csv);
      const lines = Math.max(0, csv.trim().split('\n').length - 1);
      const filtered = recordsFilter.q || recordsFilter.filter;
      notifications.show({ color: 'teal', title: 'CSV exported', message: `${numberFormat.format(lines)} records${filtered ? ' matching the search and filter' : ''}, in the current order.` });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Export failed', message: errorInfo(err).message, autoClose: false });
    } finally {
      setExporting(false);
    }
  };

  return { exporting, exportCsv };
}

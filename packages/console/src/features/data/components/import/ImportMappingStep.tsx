import { Badge, Select, Table, Text } from '@mantine/core';
import type { DataTable } from '@basalt/shared';
import type { CsvMapping } from '../../api/import.queries';
import { TYPE_LABELS } from '../../data-format';

// Mantine's Select cannot hold null; this stands for "leave the CSV column out".
const SKIP = '__skip__';
// The data service keeps these itself: an exported file's values for them are not imported.
const MANAGED = new Set(['created', 'updated']);

/** Columns a CSV column can go to, with their type: plain columns and DATA_REF relations. */
export function importTargets(table: DataTable): Array<{ name: string; type: string }> {
  return [
    ...table.columns.filter((c) => !(c.system && MANAGED.has(c.name))).map((c) => ({ name: c.name, type: c.dataType })),
    ...table.relations.map((r) => ({ name: r.name, type: 'DATA_REF' })),
  ];
}

/** Each header to the column of the same name (exact, else ignoring case, as the server matches), or skipped. */
export function initialMapping(headers: string[], table: DataTable): CsvMapping {
  const targets = importTargets(table);
  const used = new Set<string>();
  const mapping: CsvMapping = {};
  for (const header of headers) {
    const match = targets.find((t) => t.name === header) ?? targets.find((t) => t.name.toLowerCase() === header.toLowerCase());
    mapping[header] = match && !used.has(match.name) ? match.name : null;
    if (match) used.add(match.name);
  }
  return mapping;
}

interface Props {
  headers: string[];
  table: DataTable;
  mapping: CsvMapping;
  onChange: (mapping: CsvMapping) => void;
}

/** One row per CSV column: where it goes (matched by name first) and that column's type. */
export function ImportMappingStep({ headers, table, mapping, onChange }: Props) {
  const targets = importTargets(table);
  const typeOf = new Map(targets.map((t) => [t.name, t.type]));
  const taken = new Set(Object.values(mapping).filter((v): v is string => !!v));
  return (
    <Table verticalSpacing={6} aria-label="Column mapping">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>CSV column</Table.Th>
          <Table.Th>Goes to</Table.Th>
          <Table.Th>Type</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {headers.map((header, i) => {
          const target = mapping[header] ?? null;
          const type = target ? typeOf.get(target) : undefined;
          return (
            <Table.Tr key={`${i}-${header}`}>
              <Table.Td>
                {/* The CSV column's name is the visible label of its select. */}
                <Text component="label" htmlFor={`import-map-${i}`} size="sm" className="mono">{header || `column ${i + 1}`}</Text>
              </Table.Td>
              <Table.Td>
                <Select
                  id={`import-map-${i}`}
                  size="xs"
                  w={200}
                  allowDeselect={false}
                  value={target ?? SKIP}
                  data={[
                    { value: SKIP, label: 'Skip this column' },
                    // A column already chosen for another CSV column is offered once only.
                    ...targets.map((t) => ({ value: t.name, label: t.name, disabled: taken.has(t.name) && t.name !== target })),
                  ]}
                  onChange={(v) => onChange({ ...mapping, [header]: !v || v === SKIP ? null : v })}
                  comboboxProps={{ withinPortal: true }}
                />
              </Table.Td>
              <Table.Td>
                {type ? (
                  <Badge variant="light" color={type === 'DATA_REF' ? 'violet' : 'indigo'} tt="none" radius="sm">{TYPE_LABELS[type] ?? type}</Badge>
                ) : (
                  <Text size="xs" c="dimmed">skipped</Text>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

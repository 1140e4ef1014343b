import { NumberInput, Select, TextInput, Textarea } from '@mantine/core';
import type { DataColumn } from '@basalt/shared';
import { TYPE_LABELS, timeZoneLabel } from '../../data-format';
import { TEXT_LIMITS, lengthError } from './text-limits';
import { GeometryPreview } from './spatial/GeometryPreview';
import { geometryOf, parseGeometryText } from './spatial/geometry-text';
import { parseJsonText } from './json-text';

/** Draft value of a field as the form holds it: text for everything but booleans. */
export type FieldDraft = string | boolean | null;

interface Props {
  column: DataColumn;
  value: FieldDraft;
  onChange: (value: FieldDraft) => void;
  error?: string;
  readOnly?: boolean;
}

/** One labelled input per column, by type (the label is the column name: screen readers and tests use it). */
export function RecordFieldInput({ column, value, onChange, error, readOnly }: Props) {
  // The description names the column's length limit and, for dates, the zone they are read in;
  // a text over the limit is named as it is typed, before any save.
  const limit = TEXT_LIMITS[column.dataType];
  const typeLabel = TYPE_LABELS[column.dataType] ?? column.dataType;
  const text = typeof value === 'string' ? value : '';
  const common = {
    label: column.name,
    description: limit ? `${typeLabel} · up to ${limit.toLocaleString('en-US')} characters` : column.dataType === 'DATETIME' ? `${typeLabel} in ${timeZoneLabel(Date.now())}` : typeLabel,
    withAsterisk: column.required && !column.system,
    error: (limit ? lengthError(column, text) : null) ?? error,
    readOnly,
  };
  switch (column.dataType) {
    case 'BOOLEAN':
      return (
        <Select
          {...common}
          data={[
            { value: 'null', label: 'empty (null)' },
            { value: 'true', label: 'true' },
            { value: 'false', label: 'false' },
          ]}
          value={value === true ? 'true' : value === false ? 'false' : 'null'}
          onChange={(v) => onChange(v === 'true' ? true : v === 'false' ? false : null)}
          allowDeselect={false}
          disabled={readOnly}
        />
      );
    case 'INT':
    case 'DOUBLE':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(v) => onChange(String(v))}
          allowDecimal={column.dataType === 'DOUBLE'}
          hideControls
        />
      );
    case 'DATETIME':
      return <TextInput {...common} type="datetime-local" step={1} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'POINT':
    case 'LINESTRING':
    case 'POLYGON':
    case 'GEOMETRY': {
      const text = typeof value === 'string' ? value : '';
      const shape = geometryOf(text);
      // Checked as it is typed: the message follows the text rather than the last save attempt.
      const checked = text.trim() ? parseGeometryText(text, column) : null;
      const liveError = checked === null ? error : 'error' in checked ? checked.error : undefined;
      return (
        <div>
          <Textarea
            {...common}
            error={liveError}
            description={`${common.description}: WKT such as POINT(2.35 48.85), or GeoJSON`}
            autosize
            minRows={2}
            maxRows={6}
            classNames={{ input: 'mono' }}
            value={text}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
          {shape && <GeometryPreview geometry={shape} label={`Preview of ${column.name}`} />}
        </div>
      );
    }
    case 'JSON': {
      const text = typeof value === 'string' ? value : '';
      // Checked as it is typed, like the spatial fields: the message names where the JSON breaks.
      const checked = text.trim() ? parseJsonText(text) : null;
      const liveError = checked === null ? error : 'error' in checked ? checked.error : undefined;
      return (
        <Textarea
          {...common}
          error={liveError}
          description={`${common.description}: an object, a list, "text", a number, true, false or null`}
          autosize
          minRows={3}
          maxRows={14}
          classNames={{ input: 'mono' }}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    }
    case 'TEXT':
      return <Textarea {...common} autosize minRows={2} maxRows={8} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.currentTarget.value)} />;
    default:
      return (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
          classNames={column.name === 'objectId' || column.name === 'ownerId' ? { input: 'mono' } : undefined}
        />
      );
  }
}

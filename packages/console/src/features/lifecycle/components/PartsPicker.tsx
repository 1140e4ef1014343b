import { Checkbox, SimpleGrid, Text } from '@mantine/core';
import { COPY_PART_LABELS } from '../lifecycle-state';
import { COPY_PARTS, type CopyPart } from '../lifecycle-types';

interface Props {
  value: CopyPart[];
  onChange: (parts: CopyPart[]) => void;
  label: string;
  error?: string;
}

/** Checkboxes of the parts a clone or an export carries; data brings the schema, so schema is ticked with it. */
export function PartsPicker({ value, onChange, label, error }: Props) {
  const withData = value.includes('data');
  return (
    <Checkbox.Group
      label={label}
      value={withData && !value.includes('schema') ? [...value, 'schema'] : value}
      onChange={(next) => onChange(next as CopyPart[])}
      error={error}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={8} mt={6}>
        {COPY_PARTS.map((part) => (
          <Checkbox
            key={part}
            value={part}
            disabled={part === 'schema' && withData}
            label={COPY_PART_LABELS[part].label}
            description={
              <Text span size="xs" c="dimmed">
                {COPY_PART_LABELS[part].hint}
              </Text>
            }
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

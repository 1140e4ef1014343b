import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { DataTable, GeneratePdf, PdfTemplate } from '@basalt/shared';
import { fieldError, formError } from '../../../lib/errors';

interface Props {
  template: PdfTemplate;
  tables: DataTable[];
  generating: boolean;
  error: unknown;
  onClose: () => void;
  onGenerate: (payload: GeneratePdf) => void;
}

/** Prints a template with one record of a table (by objectId) and downloads the PDF. */
export function GeneratePdfDialog({ template, tables, generating, error, onClose, onGenerate }: Props) {
  const [table, setTable] = useState<string | null>(null);
  const [objectId, setObjectId] = useState('');
  const top = formError(error, ['table', 'objectId']);
  return (
    <Modal opened onClose={onClose} title={`Generate a PDF from ${template.name}`}>
      <Stack>
        {top && <Alert color="red">{top}</Alert>}
        <Select
          label="Table"
          description="Leave empty to print the template without a record."
          data={tables.map((t) => t.name)}
          value={table}
          onChange={setTable}
          clearable
          error={fieldError(error, 'table')}
        />
        <TextInput
          label="Record objectId"
          value={objectId}
          onChange={(e) => setObjectId(e.currentTarget.value)}
          disabled={!table}
          error={fieldError(error, 'objectId')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={generating}
            onClick={() =>
              onGenerate({
                templateId: template.id,
                ...(table ? { table, objectId: objectId.trim() } : {}),
              })
            }
          >
            Generate and download
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

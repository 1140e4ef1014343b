import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import type { PdfTemplate, PdfTemplateInput } from '@basalt/shared';
import { fieldError, formError } from '../../../lib/errors';

interface Props {
  template?: PdfTemplate;
  saving: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (body: PdfTemplateInput) => void;
}

const SAMPLE = `<h1>Invoice for {{customer}}</h1>
<p>Total: {{total}}</p>`;

/** Create or edit a PDF template: HTML whose `{{field}}` placeholders take a record's values. */
export function PdfTemplateDialog({ template, saving, error, onClose, onSave }: Props) {
  const [name, setName] = useState(template?.name ?? '');
  const [content, setContent] = useState(template?.content ?? SAMPLE);
  const top = formError(error, ['name', 'content']);
  return (
    <Modal opened onClose={onClose} title={template ? `Edit template ${template.name}` : 'New PDF template'} size="lg">
      <Stack>
        {top && <Alert color="red">{top}</Alert>}
        <TextInput
          label="Name"
          required
          data-autofocus
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fieldError(error, 'name')}
        />
        <Textarea
          label="HTML"
          description="{{column}} prints the record's value, escaped. Images and fonts must be inline (data: URIs): the printer reaches no network."
          autosize
          minRows={10}
          maxRows={20}
          styles={{ input: { fontFamily: 'monospace' } }}
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
          error={fieldError(error, 'content')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => onSave({ name, content })} loading={saving} disabled={!name.trim()}>
            {template ? 'Save template' : 'Create template'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

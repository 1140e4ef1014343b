import { Card, Stack, Text } from '@mantine/core';
import { fillPreview } from './email-preview';

const escape = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

/**
 * How the mail reads with sample values. An HTML body is shown in a sandboxed frame (no scripts,
 * no same origin), plain text as written.
 */
export function EmailPreview({
  subject,
  body,
  values,
}: {
  subject: string;
  body: string;
  values: Record<string, string>;
}) {
  const filled = fillPreview(body, values);
  const base = '<style>body{font:14px system-ui,sans-serif;margin:8px;color:#222}</style>';
  const html = /<\/?[a-z][\s\S]*?>/i.test(filled)
    ? base + filled
    : `<pre style="white-space:pre-wrap;font:14px system-ui,sans-serif;margin:0">${escape(filled)}</pre>`;
  return (
    <Card withBorder radius="md" p="sm" aria-label="Preview">
      <Stack gap={6}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Preview
        </Text>
        <Text size="sm" fw={600} data-testid="preview-subject">
          {fillPreview(subject, values) || '(no subject)'}
        </Text>
        <iframe
          title="Mail preview"
          sandbox=""
          srcDoc={html}
          style={{
            width: '100%',
            minHeight: 220,
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 6,
            background: 'white',
          }}
        />
      </Stack>
    </Card>
  );
}

import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  CopyButton as MantineCopyButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';

/** The codes as a text file: one a line, with a line that says what they are for. */
function codesFile(codes: string[], email?: string): string {
  const head = `Basalt two-factor recovery codes${email ? ` for ${email}` : ''}\nEach code signs in once, in place of a code from your authenticator app.\n\n`;
  return head + codes.join('\n') + '\n';
}

function download(codes: string[], email?: string): void {
  const url = URL.createObjectURL(new Blob([codesFile(codes, email)], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'basalt-recovery-codes.txt';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Shows a fresh set of recovery codes, the one time they are readable. "Done" waits for the
 * developer to say they kept them, because closing this is the last chance.
 */
export function RecoveryCodesPanel({ codes, email, onDone }: { codes: string[]; email?: string; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} stroke={1.5} />}
        title="Save your recovery codes now"
      >
        <Text size="sm">
          If you lose your phone, each of these codes signs you in once instead of a code from the app. They are shown
          only now: keep them in a password manager or print them.
        </Text>
      </Alert>
      <SimpleGrid
        cols={2}
        spacing="xs"
        verticalSpacing={6}
        p="md"
        w="fit-content"
        role="list"
        aria-label="Recovery codes"
        style={{
          background: 'var(--mantine-color-default-hover)',
          borderRadius: 'var(--mantine-radius-md)',
          columnGap: 32,
        }}
      >
        {codes.map((code, i) => (
          <Text
            key={code}
            role="listitem"
            className="mono"
            size="md"
            fw={500}
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {/* Numbers right-aligned in a fixed width, so "10." does not push its code out of line. */}
            <Text
              span
              c="dimmed"
              size="sm"
              mr={8}
              aria-hidden
              style={{ display: 'inline-block', width: '3ch', textAlign: 'right' }}
            >
              {i + 1}.
            </Text>
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <MantineCopyButton value={codes.join('\n')} timeout={1500}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={18} stroke={1.5} /> : <IconCopy size={18} stroke={1.5} />}
            >
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </MantineCopyButton>
        <Button
          variant="default"
          onClick={() => download(codes, email)}
          leftSection={<IconDownload size={18} stroke={1.5} />}
        >
          Download .txt
        </Button>
      </Group>
      <Checkbox
        label="I have saved these codes somewhere safe"
        checked={saved}
        onChange={(e) => setSaved(e.currentTarget.checked)}
      />
      <Group>
        <Button onClick={onDone} disabled={!saved}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, TagsInput, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorInfo } from '../../../lib/errors';
import { useSaveCorsOrigins } from '../api/domains.queries';
import { notOrigins, ORIGIN_SPLIT } from './cors-origins';

/**
 * Settings › CORS: the origins browsers may call the app API from, as chips (whitespace or a comma
 * ends one, as pasted text is split). No origin at all means any origin may call.
 */
export function CorsCard({ appId, stored }: { appId: string; stored: string[] }) {
  const [chips, setChips] = useState<string[]>(stored);
  const save = useSaveCorsOrigins(appId);
  const bad = notOrigins(chips);
  const changed = chips.join(' ') !== stored.join(' ');
  const refused = save.error ? errorInfo(save.error).message : undefined;

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-label="CORS origins">
      <Stack gap="md">
        <div>
          <Title order={3}>CORS origins</Title>
          <Text size="sm" c="dimmed">
            Web pages from these origins may call the app API from a browser. Other origins get no CORS grant, so
            browsers block their calls. Leave the list empty to allow any origin.
          </Text>
        </div>
        <TagsInput
          label="Allowed origins"
          description="scheme://host[:port], e.g. https://app.example.com. Space, comma or paste to add several."
          placeholder={chips.length ? '' : 'https://app.example.com'}
          value={chips}
          onChange={(next) => {
            save.reset();
            setChips(next.map((c) => c.trim()).filter(Boolean));
          }}
          splitChars={ORIGIN_SPLIT}
          clearable
          error={
            bad.length
              ? `${bad.map((b) => `'${b}'`).join(', ')} ${bad.length === 1 ? 'is not an origin' : 'are not origins'}: use scheme://host[:port] without a path`
              : undefined
          }
        />
        {refused ? (
          <Alert color="red" variant="light" role="alert">
            {refused}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {stored.length === 0
              ? 'Now: any origin may call the app API.'
              : `Now: ${stored.length} origin${stored.length === 1 ? '' : 's'} may call the app API.`}
          </Text>
          <Group gap="sm">
            <Button variant="default" disabled={!changed || save.isPending} onClick={() => setChips(stored)}>
              Discard
            </Button>
            <Button
              disabled={!changed || bad.length > 0}
              loading={save.isPending}
              onClick={() =>
                save.mutate(chips, {
                  onSuccess: (saved) => {
                    setChips(saved);
                    notifications.show({
                      color: 'teal',
                      title: 'CORS origins saved',
                      message: saved.length ? 'Only these origins get a CORS grant now.' : 'Any origin may call now.',
                    });
                  },
                })
              }
            >
              Save origins
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

import { useEffect, useState } from 'react';
import {
  Alert,
  Avatar,
  Button,
  Card,
  FileButton,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { DeveloperProfile } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { checkUserName, useCountries, useSaveProfile } from '../api/community.queries';

/** Reads a picked image as a `data:` URL (the server checks its bytes and size). */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The community profile form: user name (checked as typed), name, country, bio, website, photo. */
export function ProfileTab({ profile }: { profile: DeveloperProfile | null }) {
  const countries = useCountries();
  const save = useSaveProfile();
  const [form, setForm] = useState({ userName: '', displayName: '', country: '', bio: '', website: '' });
  const [nameNote, setNameNote] = useState<string | null>(null);

  useEffect(() => {
    if (profile)
      setForm({
        userName: profile.userName,
        displayName: profile.displayName,
        country: profile.country ?? '',
        bio: profile.bio,
        website: profile.website,
      });
  }, [profile]);

  const checkName = async () => {
    if (!form.userName || form.userName === profile?.userName) return setNameNote(null);
    const answer = await checkUserName(form.userName);
    setNameNote(answer.available ? null : (answer.reason ?? 'Not available'));
  };
  const upload = async (field: 'profilePhoto' | 'background', file: File | null) => {
    if (file) save.mutate({ [field]: await readAsDataUrl(file) });
  };
  const error = save.isError ? errorInfo(save.error) : null;

  return (
    <Card withBorder radius="md" padding="lg" maw={640}>
      <Stack>
        <Group>
          <Avatar src={profile?.profilePhoto ?? undefined} size={64} radius="xl" color="indigo">
            {(profile?.userName ?? '?').slice(0, 2).toUpperCase()}
          </Avatar>
          <FileButton
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(f) => void upload('profilePhoto', f)}
          >
            {(props) => (
              <Button variant="default" size="xs" disabled={!profile} {...props}>
                Change photo
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            PNG, JPEG, GIF or WebP up to 512 KB
          </Text>
        </Group>
        <TextInput
          label="User name"
          description="Unique on this server, shown with your comments and reviews"
          value={form.userName}
          onChange={(e) => setForm({ ...form, userName: e.currentTarget.value })}
          onBlur={() => void checkName()}
          error={nameNote ?? error?.fields.find((f) => f.field === 'userName')?.message}
          required
        />
        <TextInput
          label="Display name"
          value={form.displayName}
          onChange={(e) => setForm({ ...form, displayName: e.currentTarget.value })}
        />
        <Select
          label="Country"
          searchable
          clearable
          data={(countries.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
          value={form.country || null}
          onChange={(v) => setForm({ ...form, country: v ?? '' })}
        />
        <Textarea
          label="About you"
          autosize
          minRows={3}
          value={form.bio}
          onChange={(e) => setForm({ ...form, bio: e.currentTarget.value })}
        />
        <TextInput
          label="Website"
          placeholder="https://"
          value={form.website}
          onChange={(e) => setForm({ ...form, website: e.currentTarget.value })}
        />
        {error && !error.fields.length && <Alert color="red">{error.message}</Alert>}
        {save.isSuccess && <Alert color="teal">Profile saved.</Alert>}
        <Group justify="flex-end">
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate({
                userName: form.userName,
                displayName: form.displayName,
                country: form.country || null,
                bio: form.bio,
                website: form.website,
              })
            }
          >
            {profile ? 'Save profile' : 'Create profile'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

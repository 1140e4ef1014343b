import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  ColorInput,
  FileButton,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  landingContentProblem,
  renderLandingPage,
  type LandingPage,
  type LandingPageContent,
  type LandingTemplate,
} from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useSaveLandingPage, useUploadLandingImage } from '../api/landing.queries';

type Field = keyof LandingPageContent;

/** A text field with an Upload button beside it: the uploaded image's address (relative to the page) fills it. */
function ImageField(props: {
  label: string;
  value: string;
  error?: string;
  onChange: (v: string) => void;
  onUpload: (file: File) => void;
  uploading: boolean;
}) {
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label={props.label}
        placeholder="https://… or upload"
        value={props.value}
        error={props.error}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
      <FileButton onChange={(f) => f && props.onUpload(f)} accept="image/*">
        {(p) => (
          <Button {...p} variant="default" loading={props.uploading}>
            Upload
          </Button>
        )}
      </FileButton>
    </Group>
  );
}

/**
 * The landing page's editor beside a live preview (the same HTML publish writes, shown in a frame
 * that runs nothing). `webBase` is the app's web folder URL, so uploaded images show in the preview.
 */
export function LandingEditor(props: {
  appId: string;
  page: LandingPage;
  templates: LandingTemplate[];
  webBase: string;
}) {
  const { appId, page, templates, webBase } = props;
  const [content, setContent] = useState<LandingPageContent>(page.content);
  const save = useSaveLandingPage(appId);
  const upload = useUploadLandingImage(appId);
  const local = landingContentProblem(content);
  const server = save.error ? errorInfo(save.error) : undefined;
  const errorOf = (f: Field) => (local?.field === f ? local.problem : server?.field === f ? server.message : undefined);
  const set = (f: Field, v: string) => {
    save.reset();
    setContent((c) => ({ ...c, [f]: v }));
  };
  const text = (f: Field, label: string) => (
    <TextInput label={label} value={content[f]} error={errorOf(f)} onChange={(e) => set(f, e.currentTarget.value)} />
  );
  const uploadTo = (f: 'logo' | 'image') => (file: File) =>
    upload.mutate({ file, section: f }, { onSuccess: (r) => set(f, r.url) });
  const run = (publish: boolean) =>
    save.mutate(
      { content, publish },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            title: publish ? 'Landing page published' : 'Landing page saved',
            message: publish ? `Served from ${page.path}` : 'Publish to put it online.',
          }),
      },
    );

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Card withBorder radius="md" p="lg" component="section" aria-label="Landing page content">
        <Group justify="space-between" mb="md">
          <Title order={3}>Landing page</Title>
          <Badge variant="light" color={page.published ? 'teal' : 'gray'}>
            {page.published ? `Published ${formatDateTime(page.published)}` : 'Not published'}
          </Badge>
        </Group>
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={500} mb={4}>
              Template
            </Text>
            <SegmentedControl
              aria-label="Template"
              data={templates.map((t) => ({ value: t.id, label: t.name }))}
              value={content.template}
              onChange={(v) => set('template', v)}
            />
            <Text size="xs" c="dimmed" mt={4}>
              {templates.find((t) => t.id === content.template)?.description}
            </Text>
          </div>
          {text('title', 'Title')}
          {text('subtitle', 'Subtitle')}
          <Textarea
            label="Text"
            description="A blank line starts a new paragraph."
            autosize
            minRows={3}
            maxRows={8}
            value={content.body}
            onChange={(e) => set('body', e.currentTarget.value)}
          />
          <SimpleGrid cols={2}>
            {text('buttonText', 'Button text')}
            {text('buttonUrl', 'Button link')}
          </SimpleGrid>
          <ImageField
            label="Logo"
            value={content.logo}
            error={errorOf('logo')}
            onChange={(v) => set('logo', v)}
            onUpload={uploadTo('logo')}
            uploading={upload.isPending && upload.variables?.section === 'logo'}
          />
          <ImageField
            label="Image"
            value={content.image}
            error={errorOf('image')}
            onChange={(v) => set('image', v)}
            onUpload={uploadTo('image')}
            uploading={upload.isPending && upload.variables?.section === 'image'}
          />
          <SimpleGrid cols={2}>
            <ColorInput
              label="Main colour"
              value={content.primaryColor}
              error={errorOf('primaryColor')}
              onChange={(v) => set('primaryColor', v)}
            />
            <ColorInput
              label="Background"
              value={content.backgroundColor}
              error={errorOf('backgroundColor')}
              onChange={(v) => set('backgroundColor', v)}
            />
          </SimpleGrid>
          {upload.error && <Alert color="red">{errorInfo(upload.error).message}</Alert>}
          {server && !server.field && <Alert color="red">{server.message}</Alert>}
          <Text size="xs" c="dimmed">
            Publishing writes the page to the app&apos;s files at <code>{page.path}</code>, replacing that file.
          </Text>
          <Group justify="space-between">
            {page.published ? (
              <Anchor href={`${webBase}index.html`} target="_blank" rel="noreferrer" size="sm">
                Open the published page
              </Anchor>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button
                variant="default"
                disabled={!!local}
                loading={save.isPending && !save.variables?.publish}
                onClick={() => run(false)}
              >
                Save
              </Button>
              <Button
                disabled={!!local}
                loading={save.isPending && !!save.variables?.publish}
                onClick={() => run(true)}
              >
                Publish
              </Button>
            </Group>
          </Group>
        </Stack>
      </Card>
      <Card withBorder radius="md" p="sm" component="section" aria-label="Preview">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={6}>
          Preview
        </Text>
        <iframe
          title="Landing page preview"
          sandbox=""
          srcDoc={renderLandingPage(content, { baseHref: webBase })}
          style={{
            width: '100%',
            height: 640,
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 6,
          }}
        />
      </Card>
    </SimpleGrid>
  );
}

import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  ColorInput,
  FileButton,
  Group,
  NativeSelect,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { UI_THEME_VARIABLES, type UiContainerSettings } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorInfo } from '../../../lib/errors';
import {
  useApplyTheme,
  useCreateTheme,
  useDeleteDictionary,
  useDeleteKeys,
  useDeleteStyle,
  useDeleteTheme,
  useI18n,
  useLookSettings,
  usePublishTheme,
  useRemoveFavicon,
  useRenameKey,
  useSaveDictionary,
  useSaveSettings,
  useSaveStyle,
  useSetDefaultLanguage,
  useStyle,
  useStyles,
  useThemeStyle,
  useThemes,
  useUpdateKey,
  useUpdateTheme,
  useUpdateThemeStyle,
  useUploadIcon,
} from '../api/look.queries';

interface Props {
  appId: string;
  container: string;
}

const problem = (error: unknown) => (error ? errorInfo(error).message : undefined);

/* ---------------------------------------------------------------- Theme */

/** Theme: the app's theme library (variables, style sheet, publish, delete) and the theme applied here. */
export function ThemeSection({ appId, container }: Props) {
  const themes = useThemes(appId);
  const settings = useLookSettings(appId, container);
  const [selected, setSelected] = useState<string | undefined>();
  const [newName, setNewName] = useState('');
  const create = useCreateTheme(appId);
  const apply = useApplyTheme(appId, container);
  const list = themes.data ?? [];
  const theme = list.find((t) => t.id === selected) ?? list[0];

  if (themes.isError) return <ErrorAlert error={themes.error} onRetry={() => void themes.refetch()} />;
  return (
    <Stack gap="md" p="md" style={{ overflow: 'auto' }}>
      <Group align="flex-end">
        <TextInput
          label="New theme"
          placeholder="Brand"
          value={newName}
          onChange={(e) => setNewName(e.currentTarget.value)}
          error={problem(create.error)}
        />
        <Button
          disabled={!newName.trim()}
          loading={create.isPending}
          onClick={() =>
            create.mutate(
              { name: newName.trim() },
              {
                onSuccess: (t) => {
                  setNewName('');
                  setSelected(t.id);
                },
              },
            )
          }
        >
          Create theme
        </Button>
        <Text size="sm" c="dimmed" style={{ flex: 1, textAlign: 'right' }}>
          Applied here: <b>{settings.data?.theme?.name ?? 'none'}</b>
        </Text>
      </Group>
      {list.length === 0 ? (
        <Paper withBorder p="lg">
          <Text fw={600}>No themes yet</Text>
          <Text size="sm" c="dimmed">
            A theme sets the colours, radius and font of published pages, plus a style sheet. Create one, then apply it
            to this container. The remote theme catalogue is empty on this server.
          </Text>
        </Paper>
      ) : (
        <>
          <Group gap="xs">
            {list.map((t) => (
              <Button
                key={t.id}
                size="xs"
                variant={t.id === theme?.id ? 'filled' : 'default'}
                onClick={() => setSelected(t.id)}
              >
                {t.name} {t.version ? `· v${t.version}` : '· draft'}
              </Button>
            ))}
          </Group>
          {theme && (
            <ThemeEditor
              key={theme.id}
              appId={appId}
              themeId={theme.id}
              name={theme.name}
              variables={theme.variables}
              applied={settings.data?.theme?.id === theme.id}
              onApply={(on) =>
                apply.mutate(on ? theme.id : null, {
                  onSuccess: () => notifications.show({ message: on ? `${theme.name} applied` : 'Theme removed' }),
                })
              }
              applying={apply.isPending}
            />
          )}
          {apply.error ? <Alert color="red">{problem(apply.error)}</Alert> : null}
        </>
      )}
    </Stack>
  );
}

function ThemeEditor(props: {
  appId: string;
  themeId: string;
  name: string;
  variables: Record<string, string>;
  applied: boolean;
  applying: boolean;
  onApply: (on: boolean) => void;
}) {
  const { appId, themeId } = props;
  const [vars, setVars] = useState(props.variables);
  const style = useThemeStyle(appId, themeId);
  const [sheet, setSheet] = useState<string | undefined>();
  const update = useUpdateTheme(appId);
  const saveStyle = useUpdateThemeStyle(appId);
  const publish = usePublishTheme(appId);
  const del = useDeleteTheme(appId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const content = sheet ?? style.data ?? '';
  const colour = (k: string) =>
    k === 'text' || k === 'muted' || k === 'bg' || k === 'border' || k === 'primary' || k.startsWith('chart');
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{props.name}</Text>
          <Group gap="xs">
            <Button size="xs" variant="default" loading={props.applying} onClick={() => props.onApply(!props.applied)}>
              {props.applied ? 'Remove from container' : 'Apply to container'}
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={publish.isPending}
              onClick={() =>
                publish.mutate(themeId, {
                  onSuccess: (t) => notifications.show({ message: `${t.name} released as version ${t.version}` }),
                })
              }
            >
              Publish theme
            </Button>
            <Button size="xs" color="red" variant="subtle" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          Containers that apply this theme get its published version at their next publish (the draft until it is
          published once).
        </Text>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 8 }}>
          {UI_THEME_VARIABLES.map((k) =>
            colour(k) ? (
              <ColorInput
                key={k}
                label={k}
                value={vars[k] ?? ''}
                onChange={(v) => setVars({ ...vars, [k]: v })}
                size="xs"
              />
            ) : (
              <TextInput
                key={k}
                label={k}
                value={vars[k] ?? ''}
                onChange={(e) => setVars({ ...vars, [k]: e.currentTarget.value })}
                size="xs"
              />
            ),
          )}
        </div>
        {update.error ? (
          <Text c="red" size="sm">
            {problem(update.error)}
          </Text>
        ) : null}
        <Group>
          <Button
            size="xs"
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { id: themeId, variables: vars },
                { onSuccess: () => notifications.show({ message: 'Theme variables saved' }) },
              )
            }
          >
            Save variables
          </Button>
        </Group>
        <Textarea
          label="Theme style sheet (LESS)"
          autosize
          minRows={6}
          maxRows={20}
          styles={{ input: { fontFamily: 'monospace' } }}
          value={content}
          onChange={(e) => setSheet(e.currentTarget.value)}
          error={problem(saveStyle.error)}
        />
        <Group>
          <Button
            size="xs"
            loading={saveStyle.isPending}
            onClick={() =>
              saveStyle.mutate(
                { id: themeId, content },
                { onSuccess: () => notifications.show({ message: 'Theme style sheet saved' }) },
              )
            }
          >
            Save style sheet
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={`Delete theme ${props.name}?`}
        confirmLabel="Delete theme"
        loading={del.isPending}
        error={del.error}
        onConfirm={() => del.mutate(themeId, { onSuccess: () => setConfirmDelete(false) })}
      >
        <Text size="sm">Containers that applied it have no theme from their next publish.</Text>
      </ConfirmModal>
    </Paper>
  );
}

/* ---------------------------------------------------------------- Styles */

/** Styles: the container's style sheets (LESS or CSS), compiled on save with errors shown under the editor. */
export function StylesSection({ appId, container }: Props) {
  const styles = useStyles(appId, container);
  const [open, setOpen] = useState<string | undefined>();
  const [newName, setNewName] = useState('');
  const list = styles.data ?? [];
  const name = open ?? list[0]?.name;
  const style = useStyle(appId, container, list.some((s) => s.name === name) ? name : undefined);
  const save = useSaveStyle(appId, container);
  const del = useDeleteStyle(appId, container);
  const [content, setContent] = useState<string | undefined>();
  const [type, setType] = useState<'less' | 'css'>('less');
  const [confirmDelete, setConfirmDelete] = useState(false);
  useEffect(() => {
    setContent(undefined);
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new sheet starts clean
  }, [name]);
  useEffect(() => {
    if (style.data) setType(style.data.type);
  }, [style.data]);
  const text = content ?? style.data?.content ?? '';

  if (styles.isError) return <ErrorAlert error={styles.error} onRetry={() => void styles.refetch()} />;
  return (
    <Stack gap="md" p="md" style={{ overflow: 'auto' }}>
      <Group align="flex-end">
        <TextInput
          label="New style sheet"
          placeholder="main"
          value={newName}
          onChange={(e) => setNewName(e.currentTarget.value)}
          error={problem(save.error && !name ? save.error : undefined)}
        />
        <Button
          disabled={!newName.trim()}
          onClick={() =>
            save.mutate(
              { name: newName.trim(), content: '', type: 'less' },
              {
                onSuccess: (s) => {
                  setNewName('');
                  setOpen(s.name);
                },
              },
            )
          }
        >
          Add
        </Button>
      </Group>
      {list.length === 0 ? (
        <Paper withBorder p="lg">
          <Text fw={600}>No style sheets</Text>
          <Text size="sm" c="dimmed">
            Style sheets are LESS or plain CSS, compiled when you save and published after the theme, in name order.
            Imports are off: every sheet of the container is published.
          </Text>
        </Paper>
      ) : (
        <>
          <Group gap="xs">
            {list.map((s) => (
              <Button
                key={s.name}
                size="xs"
                variant={s.name === name ? 'filled' : 'default'}
                onClick={() => setOpen(s.name)}
              >
                {s.name}{' '}
                <Badge size="xs" ml={6} variant="light">
                  {s.type}
                </Badge>
              </Button>
            ))}
          </Group>
          <Textarea
            label={`Style sheet ${name}`}
            aria-label="Style sheet"
            autosize
            minRows={10}
            maxRows={30}
            styles={{ input: { fontFamily: 'monospace' } }}
            value={text}
            onChange={(e) => setContent(e.currentTarget.value)}
            error={problem(save.error)}
          />
          <Group>
            <NativeSelect
              size="xs"
              aria-label="Language"
              data={[
                { value: 'less', label: 'LESS' },
                { value: 'css', label: 'CSS' },
              ]}
              value={type}
              onChange={(e) => setType(e.currentTarget.value as 'less' | 'css')}
            />
            <Button
              size="xs"
              loading={save.isPending}
              onClick={() =>
                name &&
                save.mutate(
                  { name, content: text, type },
                  { onSuccess: () => notifications.show({ message: `Style sheet ${name} saved` }) },
                )
              }
            >
              Save and compile
            </Button>
            <Button size="xs" color="red" variant="subtle" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          </Group>
        </>
      )}
      <ConfirmModal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={`Delete style sheet ${name ?? ''}?`}
        confirmLabel="Delete style sheet"
        loading={del.isPending}
        error={del.error}
        onConfirm={() =>
          name &&
          del.mutate(name, {
            onSuccess: () => {
              setConfirmDelete(false);
              setOpen(undefined);
            },
          })
        }
      >
        <Text size="sm">Published pages keep it until the next publish.</Text>
      </ConfirmModal>
    </Stack>
  );
}

/* ---------------------------------------------------------------- i18n */

/** i18n: languages (add, delete, default) and a table of keys with a text per language, rename and bulk delete. */
export function I18nSection({ appId, container }: Props) {
  const i18n = useI18n(appId, container);
  const saveDict = useSaveDictionary(appId, container);
  const delDict = useDeleteDictionary(appId, container);
  const setDefault = useSetDefaultLanguage(appId, container);
  const updateKey = useUpdateKey(appId, container);
  const rename = useRenameKey(appId, container);
  const delKeys = useDeleteKeys(appId, container);
  const [lang, setLang] = useState('');
  const [newKey, setNewKey] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [renaming, setRenaming] = useState<{ from: string; to: string } | null>(null);
  const [confirm, setConfirm] = useState<'keys' | string | null>(null);

  if (i18n.isError) return <ErrorAlert error={i18n.error} onRetry={() => void i18n.refetch()} />;
  const data = i18n.data ?? { defaultI18n: 'en', dictionaries: {} };
  const langs = Object.keys(data.dictionaries);
  const keys = [...new Set(langs.flatMap((l) => Object.keys(data.dictionaries[l])))].sort();
  const writeError = updateKey.error ?? rename.error ?? delKeys.error ?? setDefault.error ?? delDict.error;

  return (
    <Stack gap="md" p="md" style={{ overflow: 'auto' }}>
      <Group align="flex-end">
        <TextInput
          label="Add a language"
          placeholder="fr"
          value={lang}
          onChange={(e) => setLang(e.currentTarget.value)}
          error={problem(saveDict.error)}
          w={140}
        />
        <Button
          disabled={!lang.trim()}
          loading={saveDict.isPending}
          onClick={() => saveDict.mutate({ lang: lang.trim(), entries: {} }, { onSuccess: () => setLang('') })}
        >
          Add language
        </Button>
        {langs.length > 0 && (
          <NativeSelect
            label="Default language"
            data={langs}
            value={data.defaultI18n}
            onChange={(e) => setDefault.mutate(e.currentTarget.value)}
          />
        )}
      </Group>
      {langs.length === 0 ? (
        <Paper withBorder p="lg">
          <Text fw={600}>No dictionaries yet</Text>
          <Text size="sm" c="dimmed">
            Add a language, then keys. A Text bound to a key (“Text key (i18n)”) shows the visitor&apos;s language;
            <code> ?lang=fr</code> in the page address picks one.
          </Text>
        </Paper>
      ) : (
        <>
          <Group align="flex-end">
            <TextInput
              label="New key"
              placeholder="welcome_title"
              value={newKey}
              onChange={(e) => setNewKey(e.currentTarget.value)}
            />
            <Button
              disabled={!newKey.trim()}
              onClick={() =>
                updateKey.mutate(
                  { key: newKey.trim(), texts: { [data.defaultI18n]: '' } },
                  { onSuccess: () => setNewKey('') },
                )
              }
            >
              Add key
            </Button>
            <Button color="red" variant="light" disabled={!picked.length} onClick={() => setConfirm('keys')}>
              Delete {picked.length || ''} selected
            </Button>
          </Group>
          {writeError ? <Alert color="red">{problem(writeError)}</Alert> : null}
          <ScrollArea>
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={32}>
                    <Checkbox
                      aria-label="Select every key"
                      checked={keys.length > 0 && picked.length === keys.length}
                      onChange={(e) => setPicked(e.currentTarget.checked ? keys : [])}
                    />
                  </Table.Th>
                  <Table.Th>Key</Table.Th>
                  {langs.map((l) => (
                    <Table.Th key={l}>
                      <Group gap={4} wrap="nowrap">
                        {l}
                        {l === data.defaultI18n ? <Badge size="xs">default</Badge> : null}
                        {l !== data.defaultI18n && (
                          <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirm(l)}>
                            ✕
                          </Button>
                        )}
                      </Group>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={langs.length + 2}>
                      <Text size="sm" c="dimmed">
                        No keys yet.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  keys.map((k) => (
                    <Table.Tr key={k}>
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${k}`}
                          checked={picked.includes(k)}
                          onChange={(e) =>
                            setPicked(e.currentTarget.checked ? [...picked, k] : picked.filter((p) => p !== k))
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        {renaming?.from === k ? (
                          <Group gap={4} wrap="nowrap">
                            <TextInput
                              size="xs"
                              aria-label="New key name"
                              value={renaming.to}
                              onChange={(e) => setRenaming({ from: k, to: e.currentTarget.value })}
                            />
                            <Button
                              size="compact-xs"
                              onClick={() => rename.mutate(renaming, { onSuccess: () => setRenaming(null) })}
                            >
                              Rename
                            </Button>
                          </Group>
                        ) : (
                          <Group gap={4} wrap="nowrap">
                            <code>{k}</code>
                            <Button size="compact-xs" variant="subtle" onClick={() => setRenaming({ from: k, to: k })}>
                              Rename
                            </Button>
                          </Group>
                        )}
                      </Table.Td>
                      {langs.map((l) => (
                        <Table.Td key={l}>
                          <TextCell
                            label={`${k} in ${l}`}
                            value={data.dictionaries[l][k] ?? ''}
                            onSave={(text) => updateKey.mutate({ key: k, texts: { [l]: text } })}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </>
      )}
      <ConfirmModal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm === 'keys' ? `Delete ${picked.length} keys?` : `Delete the ${confirm ?? ''} dictionary?`}
        confirmLabel="Delete"
        loading={delKeys.isPending || delDict.isPending}
        error={confirm === 'keys' ? delKeys.error : delDict.error}
        onConfirm={() =>
          confirm === 'keys'
            ? delKeys.mutate(picked, {
                onSuccess: () => {
                  setPicked([]);
                  setConfirm(null);
                },
              })
            : confirm && delDict.mutate(confirm, { onSuccess: () => setConfirm(null) })
        }
      >
        <Text size="sm">
          {confirm === 'keys'
            ? `${picked.join(', ')} go from every language. A key a page still uses cannot be deleted.`
            : 'Its texts are deleted; pages fall back to the default language.'}
        </Text>
      </ConfirmModal>
    </Stack>
  );
}

function TextCell({ label, value, onSave }: { label: string; value: string; onSave: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <TextInput
      size="xs"
      aria-label={label}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={() => text !== value && onSave(text)}
      onKeyDown={(e) => e.key === 'Enter' && text !== value && onSave(text)}
    />
  );
}

/* ---------------------------------------------------------------- Settings and PWA */

/** Settings: page head (viewport, meta tags, head content, libraries, configs, favicon) and PWA. */
export function SettingsSection({ appId, container }: Props) {
  const settings = useLookSettings(appId, container);
  if (settings.isError) return <ErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return null;
  return <SettingsForm key={settings.dataUpdatedAt} appId={appId} container={container} s={settings.data} />;
}

function SettingsForm({ appId, container, s }: Props & { s: UiContainerSettings }) {
  const save = useSaveSettings(appId, container);
  const upload = useUploadIcon(appId, container);
  const removeFavicon = useRemoveFavicon(appId, container);
  const [viewport, setViewport] = useState(JSON.stringify(s.viewport));
  const [meta, setMeta] = useState(
    s.metaTags.map((m) => `${m.property ? `property:${m.property}` : m.name}=${m.content}`).join('\n'),
  );
  const [head, setHead] = useState(s.customHeadContent);
  const [libs, setLibs] = useState(s.externalLibraries.map((l) => l.url).join('\n'));
  const [configs, setConfigs] = useState(JSON.stringify(s.customConfigs, null, 2));
  const [pwa, setPwa] = useState(s.pwa);
  const [local, setLocal] = useState<string | undefined>();

  const submit = (part: string, value: () => unknown) => {
    setLocal(undefined);
    let body: unknown;
    try {
      body = value();
    } catch {
      setLocal(`${part}: not valid JSON`);
      return;
    }
    save.mutate({ [part]: body }, { onSuccess: () => notifications.show({ message: 'Settings saved' }) });
  };
  const err = local ?? problem(save.error);

  return (
    <Tabs defaultValue="page" p="md" style={{ overflow: 'auto' }}>
      <Tabs.List>
        <Tabs.Tab value="page">Page head</Tabs.Tab>
        <Tabs.Tab value="pwa">PWA</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="page" pt="md">
        <Stack gap="sm" maw={720}>
          {err ? <Alert color="red">{err}</Alert> : null}
          <Group align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label="Viewport (JSON)"
              description='{"width": "device-width", "initialScale": 1, "maximumScale": 2}'
              value={viewport}
              onChange={(e) => setViewport(e.currentTarget.value)}
            />
            <Button size="xs" onClick={() => submit('viewport', () => JSON.parse(viewport || '{}'))}>
              Save
            </Button>
          </Group>
          <Textarea
            label="Meta tags"
            description="One per line: name=content, or property:og:title=content. No http-equiv."
            autosize
            minRows={2}
            value={meta}
            onChange={(e) => setMeta(e.currentTarget.value)}
          />
          <Group>
            <Button
              size="xs"
              onClick={() =>
                submit('metaTags', () =>
                  meta
                    .split('\n')
                    .filter((l) => l.trim())
                    .map((l) => {
                      const at = l.indexOf('=');
                      const k = at < 0 ? l.trim() : l.slice(0, at).trim();
                      const content = at < 0 ? '' : l.slice(at + 1).trim();
                      return k.startsWith('property:') ? { property: k.slice(9), content } : { name: k, content };
                    }),
                )
              }
            >
              Save meta tags
            </Button>
          </Group>
          <Textarea
            label="Custom head content"
            description='Allowed: <meta name|property content>, <link rel="canonical|alternate|preconnect…" href="https://…">, <script type="application/ld+json">. Anything else is refused; nothing here runs in the console.'
            autosize
            minRows={3}
            styles={{ input: { fontFamily: 'monospace' } }}
            value={head}
            onChange={(e) => setHead(e.currentTarget.value)}
          />
          <Group>
            <Button size="xs" onClick={() => submit('customHeadContent', () => head)}>
              Save head content
            </Button>
          </Group>
          <Textarea
            label="External libraries"
            description="One https URL per line (.css loads as a style sheet, else as a script); each is listed in the page's Content-Security-Policy."
            autosize
            minRows={2}
            value={libs}
            onChange={(e) => setLibs(e.currentTarget.value)}
          />
          <Group>
            <Button
              size="xs"
              onClick={() =>
                submit('externalLibraries', () =>
                  libs
                    .split('\n')
                    .map((l) => l.trim())
                    .filter(Boolean)
                    .map((url) => ({ url })),
                )
              }
            >
              Save libraries
            </Button>
          </Group>
          <Textarea
            label="Custom configs (JSON)"
            description="Read by the page as basaltPage.configs (at most 16 KB)."
            autosize
            minRows={3}
            styles={{ input: { fontFamily: 'monospace' } }}
            value={configs}
            onChange={(e) => setConfigs(e.currentTarget.value)}
          />
          <Group>
            <Button size="xs" onClick={() => submit('customConfigs', () => JSON.parse(configs || '{}'))}>
              Save configs
            </Button>
          </Group>
          <Group>
            <Text size="sm" fw={500}>
              Favicon:
            </Text>
            <Text size="sm" c="dimmed">
              {s.favicon ? `${s.favicon.type}, ${s.favicon.size} bytes` : 'none'}
            </Text>
            <FileButton
              onChange={(file) => file && upload.mutate({ kind: 'favicon', file })}
              accept="image/png,image/x-icon,image/vnd.microsoft.icon,image/gif,image/jpeg,image/webp"
            >
              {(p) => (
                <Button size="xs" variant="default" loading={upload.isPending} {...p}>
                  Upload favicon
                </Button>
              )}
            </FileButton>
            {s.favicon && (
              <Button size="xs" variant="subtle" color="red" onClick={() => removeFavicon.mutate()}>
                Remove
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            ICO, PNG, GIF, JPEG or WebP, at most 64 KB (SVG is refused).
          </Text>
          {upload.error ? (
            <Text c="red" size="sm">
              {problem(upload.error)}
            </Text>
          ) : null}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="pwa" pt="md">
        <Stack gap="sm" maw={520}>
          {err ? <Alert color="red">{err}</Alert> : null}
          <Checkbox
            label="Installable app (manifest and service worker on publish)"
            checked={pwa.enabled}
            onChange={(e) => setPwa({ ...pwa, enabled: e.currentTarget.checked })}
          />
          <TextInput label="Name" value={pwa.name} onChange={(e) => setPwa({ ...pwa, name: e.currentTarget.value })} />
          <TextInput
            label="Short name"
            value={pwa.shortName}
            onChange={(e) => setPwa({ ...pwa, shortName: e.currentTarget.value })}
          />
          <TextInput
            label="Description"
            value={pwa.description}
            onChange={(e) => setPwa({ ...pwa, description: e.currentTarget.value })}
          />
          <Group grow>
            <ColorInput
              label="Theme colour"
              value={pwa.themeColor}
              onChange={(v) => setPwa({ ...pwa, themeColor: v })}
            />
            <ColorInput
              label="Background colour"
              value={pwa.backgroundColor}
              onChange={(v) => setPwa({ ...pwa, backgroundColor: v })}
            />
          </Group>
          <NativeSelect
            label="Display"
            data={['standalone', 'fullscreen', 'minimal-ui', 'browser']}
            value={pwa.display}
            onChange={(e) => setPwa({ ...pwa, display: e.currentTarget.value as typeof pwa.display })}
          />
          <Group>
            <Button size="xs" loading={save.isPending} onClick={() => submit('pwa', () => pwa)}>
              Save PWA settings
            </Button>
            <FileButton onChange={(file) => file && upload.mutate({ kind: 'pwa', file })} accept="image/png">
              {(p) => (
                <Button size="xs" variant="default" {...p}>
                  Upload icon
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed">
              {s.pwaIcon ? `Icon ${s.pwaIcon.width}×${s.pwaIcon.height}` : 'No icon (a square PNG, 144–1024 px)'}
            </Text>
          </Group>
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

/** The section of the editor for look and text (lazy: loaded when one of these sections opens). */
export default function LookSection({ section, ...props }: Props & { section: string }) {
  if (section === 'theme') return <ThemeSection {...props} />;
  if (section === 'styles') return <StylesSection {...props} />;
  if (section === 'i18n') return <I18nSection {...props} />;
  return <SettingsSection {...props} />;
}

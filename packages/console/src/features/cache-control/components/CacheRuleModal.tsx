import { useEffect, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { CacheDirective, CachePolicy, CachePolicyService } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { useCacheTargetTables, useCreateServiceItem, useUpdateServiceItem } from '../api/cache-control.queries';
import {
  MAX_AGE_LIMIT,
  checkRule,
  draftOf,
  emptyRule,
  headerOf,
  targetOf,
  type CacheRuleDraft,
} from './cache-rule-form';

const DIRECTIVES: { value: CacheDirective; label: string }[] = [
  { value: 'no-cache', label: 'no-cache — ask the server every time' },
  { value: 'private', label: "private — only the caller's browser keeps it" },
  { value: 'public', label: 'public — shared caches may keep it too' },
];

/**
 * Adds a rule (`rule` undefined) or edits one (service and target then fixed: they are the rule's
 * identity). Server refusals (an unknown table, a target that already has a rule) show at the top.
 */
export function CacheRuleModal({
  appId,
  opened,
  service,
  rule,
  onClose,
  onSaved,
}: {
  appId: string;
  opened: boolean;
  service: CachePolicyService;
  rule?: CachePolicy;
  onClose: () => void;
  onSaved: (rule: CachePolicy, created: boolean) => void;
}) {
  const [draft, setDraft] = useState<CacheRuleDraft>(emptyRule(service));
  const [shown, setShown] = useState<{ target?: string; maxAge?: string }>({});
  const create = useCreateServiceItem(appId);
  const update = useUpdateServiceItem(appId);
  const write = rule ? update : create;
  const tables = useCacheTargetTables(appId, opened && draft.service === 'data' && !rule);

  // Each opening starts from the rule (or the defaults) and a clean error state.
  useEffect(() => {
    if (!opened) return;
    setDraft(rule ? draftOf(rule) : emptyRule(service));
    setShown({});
    create.reset();
    update.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, rule, service]);

  const set = (patch: Partial<CacheRuleDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = () => {
    const problems = checkRule(draft);
    setShown(problems);
    if (problems.target || problems.maxAge) return;
    const maxAge = draft.cacheControl === 'no-cache' ? 0 : Number(draft.maxAge);
    write.mutate(
      {
        service: draft.service,
        target: targetOf(draft),
        data: { cacheControl: draft.cacheControl, maxAge, etag: draft.etag },
      },
      { onSuccess: (saved) => onSaved(saved, !rule) },
    );
  };

  const noun = draft.service === 'data' ? 'table' : 'path';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{rule ? `Edit the rule for ${rule.target}` : 'Add a cache-control rule'}</Text>}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {write.error ? (
            <Alert color="red" variant="light" role="alert">
              {errorInfo(write.error).message}
            </Alert>
          ) : null}
          {!rule && (
            <Select
              label="Service"
              data={[
                { value: 'data', label: 'Data (a table)' },
                { value: 'files', label: 'Files (a folder path)' },
              ]}
              value={draft.service}
              onChange={(v) => v && set({ service: v as CachePolicyService, target: '' })}
              allowDeselect={false}
            />
          )}
          {rule ? (
            <TextInput label={`Target ${noun}`} value={rule.target} readOnly />
          ) : draft.service === 'data' ? (
            <Autocomplete
              label="Target table"
              description="A table name, or * for every table without a rule of its own."
              placeholder="Orders"
              data={['*', ...(tables.data ?? [])]}
              value={draft.target}
              onChange={(target) => set({ target })}
              error={shown.target}
              data-autofocus
              withAsterisk
            />
          ) : (
            <TextInput
              label="Target path"
              description="A folder such as web/img covers every file under it; * covers every file."
              placeholder="web/img"
              value={draft.target}
              onChange={(e) => set({ target: e.currentTarget.value })}
              error={shown.target}
              data-autofocus
              withAsterisk
            />
          )}
          <Select
            label="Cache-Control"
            data={DIRECTIVES}
            value={draft.cacheControl}
            onChange={(v) => v && set({ cacheControl: v as CacheDirective })}
            allowDeselect={false}
          />
          <NumberInput
            label="Max-age (seconds)"
            description={
              draft.cacheControl === 'no-cache'
                ? 'Not used with no-cache: every request asks the server again.'
                : 'How long a cache may answer without asking the server.'
            }
            min={0}
            max={MAX_AGE_LIMIT}
            allowDecimal={false}
            value={draft.cacheControl === 'no-cache' ? 0 : draft.maxAge}
            disabled={draft.cacheControl === 'no-cache'}
            onChange={(maxAge) => set({ maxAge })}
            error={shown.maxAge}
          />
          <Switch
            label="ETag"
            description="Answers carry a tag of their content; a request with If-None-Match gets 304 when nothing changed."
            checked={draft.etag}
            onChange={(e) => set({ etag: e.currentTarget.checked })}
          />
          <Text size="xs" c="dimmed">
            Header sent:{' '}
            <Text span className="mono" size="xs">
              Cache-Control: {headerOf({ cacheControl: draft.cacheControl, maxAge: Number(draft.maxAge) || 0 })}
            </Text>{' '}
            (private instead of public when the request carries a user token).
          </Text>
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={write.isPending}>
              {rule ? 'Save rule' : 'Add rule'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

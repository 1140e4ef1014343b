import { useState } from 'react';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { PRODUCT_KINDS, type MarketplaceProduct } from '@basalt/shared';
import { errorInfo, fieldError } from '../../../lib/errors';
import { usePublishProduct, type PublishInput } from '../api/marketplace.queries';
import { kindLabel } from './product-format';

const readText = (file: File) => file.text();
async function readBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Publishes a new product, or a new version of one of the developer's products, from a bundle: a ZIP, or
 * text files. The submission waits for an operator's approval.
 */
export function PublishModal({
  opened,
  onClose,
  appId,
  products,
}: {
  opened: boolean;
  onClose: () => void;
  appId: string;
  products: MarketplaceProduct[];
}) {
  const publish = usePublishProduct();
  const [productId, setProductId] = useState<string>('');
  const existing = products.find((p) => p.id === productId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [kind, setKind] = useState<string>('ui-component');
  const [price, setPrice] = useState<number | string>(0);
  const [version, setVersion] = useState('1.0.0');
  const [notes, setNotes] = useState('');
  const [configuration, setConfiguration] = useState('');
  const [bundle, setBundle] = useState<File[]>([]);
  const [localError, setLocalError] = useState<string | null>(null);

  const submit = async () => {
    setLocalError(null);
    let config: PublishInput['configuration'];
    if (configuration.trim()) {
      try {
        config = JSON.parse(configuration) as PublishInput['configuration'];
      } catch {
        setLocalError('Configuration items must be a JSON array, e.g. [{"name": "apiKey", "type": "secret"}]');
        return;
      }
    }
    const zip = bundle.length === 1 && /\.zip$/i.test(bundle[0].name) ? await readBase64(bundle[0]) : undefined;
    const files = zip
      ? undefined
      : await Promise.all(bundle.map(async (f) => ({ path: f.name, content: await readText(f) })));
    publish.mutate(
      {
        ...(existing ? { productId: existing.id } : {}),
        appId,
        name: existing?.name ?? name.trim(),
        description: (existing ? existing.description : description) || undefined,
        kind: existing?.kind ?? kind,
        price: Math.round(Number(price || 0) * 100),
        version: version.trim(),
        notes: notes || undefined,
        configuration: config,
        ...(zip ? { zip } : { files }),
      },
      { onSuccess: onClose },
    );
  };

  const info = publish.error ? errorInfo(publish.error) : undefined;
  const known = ['name', 'version', 'kind', 'price', 'files', 'zip', 'configuration', 'description'];
  return (
    <Modal opened={opened} onClose={onClose} title="Publish to the marketplace" size="lg">
      <Stack gap="sm">
        <Select
          label="Product"
          data={[
            { value: '', label: 'A new product' },
            ...products
              .filter((p) => p.status !== 'removed')
              .map((p) => ({ value: p.id, label: `New version of ${p.name}` })),
          ]}
          value={productId}
          onChange={(v) => setProductId(v ?? '')}
          allowDeselect={false}
        />
        {!existing && (
          <>
            <TextInput
              label="Name"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={fieldError(publish.error, 'name')}
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              error={fieldError(publish.error, 'description')}
            />
            <SimpleGrid cols={2}>
              <Select
                label="Kind"
                data={PRODUCT_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
                value={kind}
                onChange={(v) => setKind(v ?? 'ui-component')}
                allowDeselect={false}
                error={fieldError(publish.error, 'kind')}
              />
              <NumberInput
                label="Price"
                description="0 is free; paid products need a payment provider on this server"
                min={0}
                decimalScale={2}
                value={price}
                onChange={setPrice}
                error={fieldError(publish.error, 'price')}
              />
            </SimpleGrid>
          </>
        )}
        <SimpleGrid cols={2}>
          <TextInput
            label="Version"
            description="x.y.z"
            required
            value={version}
            onChange={(e) => setVersion(e.currentTarget.value)}
            error={fieldError(publish.error, 'version')}
          />
          <FileInput
            label="Bundle"
            description="A ZIP, or the text files of the product"
            multiple
            required
            value={bundle}
            onChange={setBundle}
            placeholder="Choose files"
            error={fieldError(publish.error, 'files') ?? fieldError(publish.error, 'zip')}
          />
        </SimpleGrid>
        <Textarea
          label="Release notes"
          autosize
          minRows={2}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        <Textarea
          label="Configuration items (JSON, optional)"
          description='What an install asks for, e.g. [{"name": "apiKey", "label": "API key", "type": "secret", "required": true}]'
          autosize
          minRows={2}
          classNames={{ input: 'mono' }}
          value={configuration}
          onChange={(e) => setConfiguration(e.currentTarget.value)}
          error={localError ?? fieldError(publish.error, 'configuration')}
        />
        {info && !info.fields.some((f) => known.includes(f.field)) && (
          <Alert color="red" variant="light" role="alert" title="The submission was refused">
            <Text size="sm">{info.message}</Text>
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          An operator of this server reviews every submission before it is listed.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => void submit()}
            loading={publish.isPending}
            disabled={(!existing && !name.trim()) || !version.trim() || bundle.length === 0}
          >
            Submit for review
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

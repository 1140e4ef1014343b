import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Menu } from '@mantine/core';
import {
  IconBrandAws,
  IconBrandJavascript,
  IconChevronDown,
  IconFileImport,
  IconFileUpload,
  IconPlus,
} from '@tabler/icons-react';
import { JS, useGetAllModels } from '../api/drafts.queries';
import { ImportServiceModal } from './ImportServiceModal';
import { NewLambdaServiceModal } from './NewLambdaServiceModal';
import { NewServiceModal } from './NewServiceModal';
import { UploadServiceModal } from './UploadServiceModal';

type Kind = 'js' | 'lambda' | 'import' | 'upload';

/**
 * "New service" and its kinds: a JS class written in the editor, code uploaded as files, a service
 * imported from an OpenAPI document, or an AWS Lambda service. `compact` draws the list header's
 * small + button.
 */
export function NewServiceMenu({ appId, compact }: { appId: string; compact?: boolean }) {
  const navigate = useNavigate();
  const base = `/apps/${appId}/code`;
  const [open, setOpen] = useState<Kind | null>(null);
  const models = useGetAllModels(appId);
  const jsModels = (models.data ?? []).filter((m) => m.language === JS).map((m) => m.name);
  const toService = (service: { id: string }) => void navigate(`${base}/services/${encodeURIComponent(service.id)}`);

  return (
    <>
      <Menu position="bottom-start" shadow="md" width={240}>
        <Menu.Target>
          {compact ? (
            <Button size="compact-sm" variant="subtle" aria-label="New service">
              <IconPlus size={16} stroke={1.5} />
            </Button>
          ) : (
            <Button
              leftSection={<IconPlus size={16} stroke={1.5} />}
              rightSection={<IconChevronDown size={14} stroke={1.5} />}
            >
              New service
            </Button>
          )}
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconBrandJavascript size={16} stroke={1.5} />} onClick={() => setOpen('js')}>
            JS service
          </Menu.Item>
          <Menu.Item leftSection={<IconFileUpload size={16} stroke={1.5} />} onClick={() => setOpen('upload')}>
            Upload code
          </Menu.Item>
          <Menu.Item leftSection={<IconFileImport size={16} stroke={1.5} />} onClick={() => setOpen('import')}>
            Import OpenAPI
          </Menu.Item>
          <Menu.Item leftSection={<IconBrandAws size={16} stroke={1.5} />} onClick={() => setOpen('lambda')}>
            AWS Lambda service
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <NewServiceModal
        appId={appId}
        opened={open === 'js'}
        onClose={() => setOpen(null)}
        onCreated={({ model, path }) => void navigate(`${base}/editor/${encodeURIComponent(model)}/${path}`)}
      />
      <UploadServiceModal
        appId={appId}
        opened={open === 'upload'}
        models={jsModels}
        onClose={() => setOpen(null)}
        onCreated={toService}
      />
      <ImportServiceModal
        appId={appId}
        opened={open === 'import'}
        onClose={() => setOpen(null)}
        onCreated={toService}
      />
      <NewLambdaServiceModal
        appId={appId}
        opened={open === 'lambda'}
        onClose={() => setOpen(null)}
        onCreated={toService}
      />
    </>
  );
}

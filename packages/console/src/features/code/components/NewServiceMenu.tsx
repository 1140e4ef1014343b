import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Menu } from '@mantine/core';
import { IconBrandAws, IconBrandJavascript, IconChevronDown, IconPlus } from '@tabler/icons-react';
import { NewLambdaServiceModal } from './NewLambdaServiceModal';
import { NewServiceModal } from './NewServiceModal';

type Kind = 'js' | 'lambda';

/**
 * "New service" and its kinds: a JS class written in the editor, or an AWS Lambda service that
 * answers at once. `compact` draws the list header's small + button.
 */
export function NewServiceMenu({ appId, compact }: { appId: string; compact?: boolean }) {
  const navigate = useNavigate();
  const base = `/apps/${appId}/code`;
  const [open, setOpen] = useState<Kind | null>(null);

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
      <NewLambdaServiceModal
        appId={appId}
        opened={open === 'lambda'}
        onClose={() => setOpen(null)}
        onCreated={(service) => void navigate(`${base}/services/${encodeURIComponent(service.id)}`)}
      />
    </>
  );
}

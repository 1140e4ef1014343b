import { useParams } from 'react-router';
import { Badge } from '@mantine/core';
import { Areas } from '@basalt/shared';
import { AreaState } from '../../areas';
import { SETTINGS_SECTIONS } from '../sections';

const settingsArea = Areas.find((a) => a.id === 'settings')!;

/** A Settings section without a screen yet (or an unknown one): says so instead of an empty page. */
export default function SectionNotAvailablePage() {
  const { appId = '', section = '' } = useParams();
  const known = SETTINGS_SECTIONS.find((s) => s.segment === section);
  const title = known
    ? `${known.label} settings are not available yet`
    : `There is no “${section}” section in Settings`;
  return (
    <AreaState
      area={settingsArea}
      appId={appId}
      title={title}
      description={
        known
          ? `This server does not offer ${known.label} settings yet. They are part of Basalt's plan and will appear here once built; Mobile settings (push credentials) work today.`
          : 'Pick a section from the tabs above.'
      }
      badge={
        known ? (
          <Badge variant="light" color="gray" radius="sm">
            not available yet
          </Badge>
        ) : undefined
      }
    />
  );
}

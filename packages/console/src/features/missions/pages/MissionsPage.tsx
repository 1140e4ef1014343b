import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Group, SegmentedControl, SimpleGrid, Skeleton, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { GameTrivia } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import {
  useAccountTracking,
  useBadges,
  useMapItems,
  useMarkPlayed,
  usePacks,
  useProgress,
  useSetAccountTracking,
  useTrivia,
  useUnnotified,
} from '../api/missions.queries';
import { LevelCard } from '../components/LevelCard';
import { MissionCard } from '../components/MissionCard';
import { MissionMap } from '../components/MissionMap';
import { TriviaModal } from '../components/TriviaModal';

/**
 * `/missions/:packId?`: packs of missions whose tasks complete from what the developer does on the
 * platform (decision 0083) — level ring, badges, the pack's map, each mission's tasks, trivia.
 * Tasks finished since the last visit show one small toast each, then count as seen.
 */
export default function MissionsPage() {
  const { packId } = useParams();
  const navigate = useNavigate();
  const packs = usePacks();
  const chosen = packId ?? packs.data?.[0]?.id;
  const map = useMapItems(chosen);
  const progress = useProgress();
  const badges = useBadges();
  const trivia = useTrivia();
  const tracking = useAccountTracking();
  const setTracking = useSetAccountTracking();
  const unnotified = useUnnotified();
  const played = useMarkPlayed();
  const [question, setQuestion] = useState<GameTrivia | null>(null);
  const shown = useRef(new Set<string>());

  useEffect(() => {
    for (const n of unnotified.data ?? []) {
      if (shown.current.has(n.taskId)) continue;
      shown.current.add(n.taskId);
      notifications.show({
        title: n.kind === 'event' ? 'Task complete' : 'Achievement',
        message: n.xp ? `${n.title}: +${n.xp} XP, +${n.points} points` : n.title,
        color: 'teal',
      });
      played.mutate(n.taskId);
    }
  }, [unnotified.data, played]);

  const error = packs.error ?? map.error ?? progress.error;
  return (
    <>
      <PageHeader
        title="Missions"
        description="Learn Basalt by building: tasks complete by themselves as you create tables, save records, upload files and ship flows."
        actions={
          <Switch
            label="Track my progress"
            checked={tracking.data?.enabled ?? true}
            disabled={tracking.isPending || setTracking.isPending}
            onChange={(e) => setTracking.mutate(e.currentTarget.checked)}
          />
        }
      />
      {error ? (
        <ErrorAlert
          error={error}
          onRetry={() => void Promise.all([packs.refetch(), map.refetch(), progress.refetch()])}
        />
      ) : !progress.data || !map.data || !packs.data ? (
        <Skeleton height={320} />
      ) : (
        <>
          <LevelCard progress={progress.data} badges={badges.data ?? []} />
          {packs.data.length > 1 && (
            <SegmentedControl
              mb="md"
              value={chosen ?? ''}
              onChange={(v) => navigate(`/missions/${v}`)}
              data={packs.data.map((p) => ({ value: p.id, label: p.title }))}
            />
          )}
          <Group justify="space-between" mb="xs">
            <Text fw={600}>{packs.data.find((p) => p.id === chosen)?.title}</Text>
            <Text size="sm" c="dimmed">
              {packs.data.find((p) => p.id === chosen)?.completedTasks ?? 0} of{' '}
              {packs.data.find((p) => p.id === chosen)?.tasks ?? 0} tasks done
            </Text>
          </Group>
          <MissionMap
            items={map.data}
            onPick={(id) => document.getElementById(`mission-${id}`)?.scrollIntoView({ behavior: 'smooth' })}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {map.data.map((m) => (
              <MissionCard key={m.id} mission={m} trivia={trivia.data ?? []} onTrivia={setQuestion} />
            ))}
          </SimpleGrid>
        </>
      )}
      <TriviaModal trivia={question} onClose={() => setQuestion(null)} />
    </>
  );
}

import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { GameTrivia } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { useAnswerTrivia } from '../api/missions.queries';

/** A task's trivia bonus: one answer, the result at once (the server never sends which is right). */
export function TriviaModal({ trivia, onClose }: { trivia: GameTrivia | null; onClose: () => void }) {
  const [answer, setAnswer] = useState<string | null>(null);
  const check = useAnswerTrivia();
  const close = () => {
    setAnswer(null);
    check.reset();
    onClose();
  };
  return (
    <Modal opened={!!trivia} onClose={close} title="Trivia bonus" centered>
      {trivia && (
        <Stack>
          <Text fw={500}>{trivia.question}</Text>
          <Text size="sm" c="dimmed">
            A right answer multiplies this task's award by {trivia.multiplier}. You have one try.
          </Text>
          <Radio.Group value={answer} onChange={setAnswer} name="trivia-answer">
            <Stack gap="xs">
              {trivia.answers.map((a) => (
                <Radio key={a.id} value={a.id} label={a.text} disabled={!!check.data} />
              ))}
            </Stack>
          </Radio.Group>
          {check.data && (
            <Alert color={check.data.correct ? 'teal' : 'gray'} data-testid="trivia-result">
              {check.data.correct
                ? `Right! +${check.data.xp} XP, +${check.data.points} points.`
                : 'Not this time — no bonus.'}
            </Alert>
          )}
          {check.isError && <Alert color="red">{errorInfo(check.error).message}</Alert>}
          <Group justify="flex-end">
            {check.data ? (
              <Button onClick={close}>Close</Button>
            ) : (
              <Button
                disabled={!answer}
                loading={check.isPending}
                onClick={() => answer && check.mutate({ triviaId: trivia.id, answerId: answer, taskId: trivia.taskId })}
              >
                Answer
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { errorInfo } from '../../../lib/errors';
import { useQuestionnaireStatus, useQuestions, useSendAnswers } from '../api/community.queries';

/** The first-run questions: always skippable, answered once (answering again replaces). */
export function QuestionnaireTab() {
  const questions = useQuestions();
  const status = useQuestionnaireStatus();
  const send = useSendAnswers();
  const [answers, setAnswers] = useState<Record<string, string | string[]>>({});
  return (
    <Card withBorder radius="md" padding="lg" maw={640}>
      <Stack>
        {status.data?.completed && (
          <Alert color="teal">Thanks — your answers are saved. You can change them here.</Alert>
        )}
        {(questions.data ?? []).map((q) => (
          <div key={q.id}>
            <Text fw={500} mb={4}>
              {q.text}
            </Text>
            {q.type === 'single' && (
              <Radio.Group
                value={(answers[q.id] as string) ?? null}
                onChange={(v) => setAnswers({ ...answers, [q.id]: v })}
              >
                <Group gap="md">
                  {q.options.map((o) => (
                    <Radio key={o.id} value={o.id} label={o.text} />
                  ))}
                </Group>
              </Radio.Group>
            )}
            {q.type === 'multi' && (
              <Checkbox.Group
                value={(answers[q.id] as string[]) ?? []}
                onChange={(v) => setAnswers({ ...answers, [q.id]: v })}
              >
                <Group gap="md">
                  {q.options.map((o) => (
                    <Checkbox key={o.id} value={o.id} label={o.text} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
            {q.type === 'text' && (
              <Textarea
                value={(answers[q.id] as string) ?? ''}
                onChange={(e) => setAnswers({ ...answers, [q.id]: e.currentTarget.value })}
              />
            )}
          </div>
        ))}
        {send.isError && <Alert color="red">{errorInfo(send.error).message}</Alert>}
        <Group justify="flex-end">
          <Button loading={send.isPending} disabled={!Object.keys(answers).length} onClick={() => send.mutate(answers)}>
            Save answers
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

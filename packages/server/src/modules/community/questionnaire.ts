import type { Question } from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import type { CommunityRepo } from './community.repo.js';

/** The first-run questions (data). The `experience` answer picks the Missions pack to start with. */
export const QUESTIONS: Question[] = [
  {
    id: 'role',
    text: 'What describes your work best?',
    type: 'single',
    options: [
      { id: 'frontend', text: 'Front-end developer' },
      { id: 'backend', text: 'Back-end developer' },
      { id: 'fullstack', text: 'Full-stack developer' },
      { id: 'nocode', text: 'I build without code' },
      { id: 'other', text: 'Something else' },
    ],
  },
  {
    id: 'building',
    text: 'What are you building?',
    type: 'multi',
    options: [
      { id: 'web', text: 'A web app' },
      { id: 'mobile', text: 'A mobile app' },
      { id: 'internal', text: 'An internal tool' },
      { id: 'api', text: 'An API for other apps' },
      { id: 'learning', text: 'Just learning' },
    ],
  },
  {
    id: 'experience',
    text: 'Have you used a backend platform before?',
    type: 'single',
    options: [
      { id: 'new', text: 'No, this is my first' },
      { id: 'some', text: 'A little' },
      { id: 'expert', text: 'Yes, a lot' },
    ],
  },
  { id: 'goal', text: 'Anything we should know?', type: 'text', options: [] },
];

/** Answers as `{questionId: answer}` whichever of the two shapes the client sent. */
function normalise(input: unknown): Record<string, unknown> {
  if (Array.isArray(input)) {
    const out: Record<string, unknown> = {};
    for (const item of input) {
      const { questionId, id, answer, value } = (item ?? {}) as Record<string, unknown>;
      const key = typeof questionId === 'string' ? questionId : typeof id === 'string' ? id : undefined;
      if (!key) throw ApiError.badRequest('Each answer names its questionId');
      out[key] = answer ?? value;
    }
    return out;
  }
  return (input ?? {}) as Record<string, unknown>;
}

/** Checks each answer against its question: known options only, text up to 1,000 characters. */
export function checkedAnswers(input: unknown): Record<string, string | string[]> {
  const raw = normalise(input);
  const out: Record<string, string | string[]> = {};
  for (const [id, value] of Object.entries(raw)) {
    const q = QUESTIONS.find((x) => x.id === id);
    if (!q) throw ApiError.notFound(`Question '${id}' not found`);
    const options = new Set(q.options.map((o) => o.id));
    if (q.type === 'text') {
      if (typeof value !== 'string' || value.length > 1000)
        throw ApiError.field('VALIDATION', id, 'A text answer of at most 1,000 characters');
      out[id] = value;
    } else if (q.type === 'single') {
      if (typeof value !== 'string' || !options.has(value))
        throw ApiError.field('VALIDATION', id, `Pick one of ${[...options].join(', ')}`);
      out[id] = value;
    } else {
      const list = Array.isArray(value) ? value : [value];
      if (!list.every((v) => typeof v === 'string' && options.has(v)))
        throw ApiError.field('VALIDATION', id, `Pick from ${[...options].join(', ')}`);
      out[id] = [...new Set(list as string[])];
    }
  }
  if (!Object.keys(out).length) throw ApiError.badRequest('Send at least one answer');
  return out;
}

export class QuestionnaireService {
  constructor(private readonly repo: CommunityRepo) {}

  /** Stores the answers (a second send replaces them) and answers the pack they suggest. */
  async answer(developerId: string, input: unknown): Promise<{ completed: boolean; packId: string | null }> {
    const answers = JSON.stringify(checkedAnswers(input));
    await this.repo.saveAnswers(developerId, answers, Date.now());
    // One pack ships today; the answer is where a content file with more packs plugs in.
    return { completed: true, packId: 'getting-started' };
  }

  async status(developerId: string): Promise<{ completed: boolean; completedAt: number | null }> {
    const at = await this.repo.answeredAt(developerId);
    return { completed: at !== undefined, completedAt: at ?? null };
  }
}

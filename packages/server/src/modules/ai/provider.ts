import { ApiError } from '../../http/api-error.js';

/** One message of a chat, in the role names every OpenAI-compatible API shares. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  model?: string;
  messages: ChatMessage[];
  temperature?: number | null;
  topP?: number | null;
  /** Ask for a JSON object (the provider's `response_format: {type: 'json_object'}`). */
  json?: boolean;
}

export interface ChatAnswer {
  content: string;
  model: string;
  usage: { promptTokens: number; completionTokens: number };
}

/**
 * What Basalt needs of a language model: one chat completion. Flows' AI steps, knowledge-base
 * assistants and the console's helpers all go through this, so a provider is one class.
 */
export interface ChatProvider {
  readonly id: string;
  readonly name: string;
  readonly defaultModel: string;
  chat(request: ChatRequest): Promise<ChatAnswer>;
}

/** The provider's answer is read up to this size; a model's chat answer is far smaller. */
const MAX_ANSWER_BYTES = 1024 * 1024;
const TIMEOUT_MS = 60_000;

/**
 * An OpenAI-compatible chat API (`POST {baseUrl}/chat/completions`): OpenAI itself, and the many
 * servers that speak its protocol (vLLM, Ollama, LM Studio, OpenRouter, Groq, Mistral, DeepSeek).
 * The base URL is the operator's setting, not a developer's, so it is called directly rather than
 * through the outbound guard that keeps apps from reaching private addresses: a model served on
 * the operator's own network is the common case.
 */
export class OpenAICompatibleProvider implements ChatProvider {
  readonly id = 'openai-compatible';
  readonly name = 'OpenAI-compatible API';

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string | undefined,
    readonly defaultModel: string,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  async chat(request: ChatRequest): Promise<ChatAnswer> {
    const model = request.model || this.defaultModel;
    const body = {
      model,
      messages: request.messages,
      ...(request.temperature != null ? { temperature: request.temperature } : {}),
      ...(request.topP != null ? { top_p: request.topP } : {}),
      ...(request.json ? { response_format: { type: 'json_object' } } : {}),
    };
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const reason =
        (err as Error).name === 'TimeoutError' ? `no answer within ${this.timeoutMs / 1000} s` : 'unreachable';
      throw new ApiError('AI_PROVIDER_FAILED', `The AI provider is ${reason}`);
    }
    const text = await readCapped(res);
    let parsed: any;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!res.ok) {
      // The provider's own words help the developer (a wrong model name, a spent quota); its key never appears in them.
      const said =
        typeof parsed?.error?.message === 'string' ? parsed.error.message.slice(0, 300) : `HTTP ${res.status}`;
      throw new ApiError('AI_PROVIDER_FAILED', `The AI provider refused the request: ${said}`);
    }
    const content = parsed?.choices?.[0]?.message?.content;
    if (typeof content !== 'string')
      throw new ApiError('AI_PROVIDER_FAILED', 'The AI provider answered without a message');
    return {
      content,
      model: typeof parsed.model === 'string' ? parsed.model : model,
      usage: {
        promptTokens: Number(parsed.usage?.prompt_tokens) || 0,
        completionTokens: Number(parsed.usage?.completion_tokens) || 0,
      },
    };
  }
}

async function readCapped(res: Response): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new ApiError('AI_PROVIDER_FAILED', 'The AI provider answered more than 1 MB');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The server's provider, or undefined when the operator has not configured one. */
export function providerFromConfig(config: {
  aiBaseUrl?: string;
  aiApiKey?: string;
  aiModel: string;
}): ChatProvider | undefined {
  return config.aiBaseUrl ? new OpenAICompatibleProvider(config.aiBaseUrl, config.aiApiKey, config.aiModel) : undefined;
}

/** The provider, or 503 AI_NOT_CONFIGURED naming the setting that turns AI on. */
export function requireProvider(provider: ChatProvider | undefined): ChatProvider {
  if (!provider)
    throw new ApiError(
      'AI_NOT_CONFIGURED',
      'AI assistance is off on this server: an operator sets BASALT_AI_BASE_URL (and BASALT_AI_API_KEY) to turn it on',
    );
  return provider;
}

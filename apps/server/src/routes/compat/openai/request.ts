/**
 * Reading an OpenAI chat-completions request into our chat: the messages (string content, or a list
 * of text parts), the model, and the sampling settings every provider understands. What this server
 * cannot do (tools, images, several choices, JSON modes, log-probabilities) is refused with a
 * sentence naming it, never silently dropped.
 */
import type { TranslatedChatMessage } from '@sema/shared/api/translated-chat';
import { CHAT_LIMITS } from '@sema/shared/api/chat';
import { CompatError } from '../compat-errors.ts';

export interface OpenAiChatRequest {
  model: string;
  messages: TranslatedChatMessage[];
  stream: boolean;
  includeUsage: boolean;
  maxTokens?: number;
  temperature?: number;
  topP?: number;
  stop?: string[];
}

type Body = Record<string, unknown>;

const isRecord = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function refuse(message: string, param?: string): CompatError {
  return new CompatError(400, message, param);
}

function text(content: unknown, index: number): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) => {
        if (isRecord(part) && part.type === 'text' && typeof part.text === 'string') return part.text;
        const kind = isRecord(part) && typeof part.type === 'string' ? part.type : 'unknown';
        throw refuse(
          `messages[${index}].content: only text parts are supported on this server, not ${kind}`,
          `messages[${index}].content`,
        );
      })
      .join('');
  }
  if (content === null || content === undefined) return '';
  throw refuse(
    `messages[${index}].content must be a string or a list of text parts`,
    `messages[${index}].content`,
  );
}

function messagesOf(raw: unknown): TranslatedChatMessage[] {
  if (!Array.isArray(raw) || raw.length === 0) throw refuse('messages must be a non-empty array', 'messages');
  if (raw.length > CHAT_LIMITS.maxMessages)
    throw refuse(`messages: at most ${CHAT_LIMITS.maxMessages} messages`, 'messages');
  return raw.map((message: unknown, index) => {
    if (!isRecord(message)) throw refuse(`messages[${index}] must be an object`, `messages[${index}]`);
    const role = message.role;
    if (role === 'tool' || role === 'function' || message.tool_calls !== undefined) {
      throw refuse('Tools and function calls are not supported on this server', `messages[${index}].role`);
    }
    if (role !== 'system' && role !== 'developer' && role !== 'user' && role !== 'assistant') {
      throw refuse(
        `messages[${index}].role must be one of: system, developer, user, assistant`,
        `messages[${index}].role`,
      );
    }
    // A developer message is the newer name of a system message.
    return { role: role === 'developer' ? 'system' : role, content: text(message.content, index) };
  });
}

function numberIn(body: Body, name: string, min: number, max: number, integer = false): number | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || value < min || value > max || (integer && !Number.isInteger(value))) {
    throw refuse(`${name} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`, name);
  }
  return value;
}

function stopOf(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  const list = typeof raw === 'string' ? [raw] : raw;
  if (!Array.isArray(list) || list.length > 4 || !list.every((item) => typeof item === 'string' && item)) {
    throw refuse('stop must be a string or a list of at most 4 strings', 'stop');
  }
  return list as string[];
}

export function readChatRequest(raw: unknown): OpenAiChatRequest {
  if (!isRecord(raw)) throw refuse('The request body must be a JSON object');
  const body = raw;
  if (typeof body.model !== 'string' || !body.model.trim()) throw refuse('model is required', 'model');
  const tools = body.tools ?? body.functions;
  if (Array.isArray(tools) ? tools.length > 0 : tools !== undefined && tools !== null) {
    throw refuse('Tools and function calls are not supported on this server', 'tools');
  }
  if (body.n !== undefined && body.n !== null && body.n !== 1)
    throw refuse('n: only 1 choice is supported', 'n');
  if (body.logprobs === true) throw refuse('logprobs are not supported on this server', 'logprobs');
  const format = isRecord(body.response_format) ? body.response_format.type : undefined;
  if (format !== undefined && format !== 'text') {
    throw refuse(
      `response_format ${String(format)} is not supported on this server: only text`,
      'response_format',
    );
  }
  const maxTokens =
    numberIn(body, 'max_completion_tokens', 1, CHAT_LIMITS.maxTokens, true) ??
    numberIn(body, 'max_tokens', 1, CHAT_LIMITS.maxTokens, true);
  const options = isRecord(body.stream_options) ? body.stream_options : {};
  return {
    model: body.model.trim(),
    messages: messagesOf(body.messages),
    stream: body.stream === true,
    includeUsage: options.include_usage === true,
    ...(maxTokens === undefined ? {} : { maxTokens }),
    ...optional('temperature', numberIn(body, 'temperature', 0, CHAT_LIMITS.maxTemperature)),
    ...optional('topP', numberIn(body, 'top_p', 0, 1)),
    ...optional('stop', stopOf(body.stop)),
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

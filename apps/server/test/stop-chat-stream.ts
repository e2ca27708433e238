/**
 * A streamed chat completion that the test stops half way: the question goes out through the real
 * `openai` package, and once the first words arrive `stop` runs with the completion's id (where a
 * test asks for the stop, on this node or another). The stream is read to its end, as a client
 * that keeps reading after its Stop button would.
 */
import type OpenAI from 'openai';
import { UPSTREAM_MODEL } from './fake-openai.ts';

type FinalChunk = OpenAI.ChatCompletionChunk & { sema?: { interrupted?: boolean } };

export async function stopChatStream(
  openai: OpenAI,
  question: string,
  stop: (id: string) => Promise<void>,
): Promise<{ text: string; final: FinalChunk | undefined }> {
  const stream = await openai.chat.completions.create({
    model: UPSTREAM_MODEL,
    messages: [{ role: 'user', content: question }],
    stream: true,
  });
  let text = '';
  let asked = false;
  let final: FinalChunk | undefined;
  for await (const chunk of stream) {
    text += chunk.choices[0]?.delta.content ?? '';
    if (text && !asked) {
      asked = true;
      await stop(chunk.id);
    }
    if (chunk.choices[0]?.finish_reason) final = chunk;
  }
  return { text, final };
}

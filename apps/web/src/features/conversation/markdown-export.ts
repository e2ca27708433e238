import { displayedAnswer } from '@/features/chat';

import type { ConversationMessage } from './messages';

type NameOf = (code: string) => string;

/** Quotes every line, so a message keeps its lines and reads as what was said. */
const quoted = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');

/** One message as Markdown: a translation with its languages, a chat answer as the Markdown it is. */
export function messageMarkdown(message: ConversationMessage, nameOf: NameOf): string {
  switch (message.kind) {
    case 'user':
      return `**You:**\n\n${quoted(message.content || message.attachment?.name || '')}`;
    case 'translation': {
      const data = message.translationData;
      if (!data) return `**Sema:** ${message.content}`;
      return `**Translation** (${nameOf(data.sourceLanguage)} → ${nameOf(data.targetLanguage)}):\n\n${quoted(data.translatedText)}`;
    }
    case 'chat':
      return `**Sema:**\n\n${displayedAnswer(message.chat).trim()}`;
    case 'document':
      return `**Sema** (${message.document.fileName}):\n\n${quoted(message.content)}`;
    case 'failure':
    case 'pending':
    case 'queued':
      return `**Sema:** ${message.content}`;
  }
}

/** A whole conversation as Markdown, for sharing or keeping elsewhere. */
export function conversationMarkdown(messages: readonly ConversationMessage[], nameOf: NameOf): string {
  return `# Sema conversation\n\n${messages
    .filter((message) => message.kind !== 'pending' && message.kind !== 'queued')
    .map((message) => messageMarkdown(message, nameOf))
    .join('\n\n')}\n`;
}

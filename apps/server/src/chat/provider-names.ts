/**
 * The name people know an OpenAI-compatible endpoint by, for messages that tell the operator whose
 * token to check. Only well-known public hosts are named; anything else (a self-hosted server, a
 * proxy) is "chat provider", so no internal host name reaches a visitor.
 */
const KNOWN_HOSTS: ReadonlyArray<readonly [suffix: string, name: string]> = [
  ['huggingface.co', 'Hugging Face'],
  ['api.openai.com', 'OpenAI'],
  ['openai.azure.com', 'Azure OpenAI'],
  ['openrouter.ai', 'OpenRouter'],
  ['api.groq.com', 'Groq'],
  ['api.mistral.ai', 'Mistral'],
  ['api.together.xyz', 'Together AI'],
  ['api.deepseek.com', 'DeepSeek'],
  ['api.fireworks.ai', 'Fireworks AI'],
  ['generativelanguage.googleapis.com', 'Google Gemini'],
  ['api.anthropic.com', 'Anthropic'],
];

export function chatProviderName(baseUrl: string): string {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return 'chat provider';
  }
  const known = KNOWN_HOSTS.find(([suffix]) => host === suffix || host.endsWith(`.${suffix}`));
  return known ? known[1] : 'chat provider';
}

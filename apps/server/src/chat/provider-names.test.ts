import { describe, expect, it } from 'vitest';
import { authErrorMessage } from '@sema/shared/errors';
import { chatProviderName } from './provider-names.ts';

describe('the chat provider named in the authentication error', () => {
  it.each([
    ['https://router.huggingface.co/v1', 'Hugging Face'],
    ['https://api.openai.com/v1', 'OpenAI'],
    ['https://openrouter.ai/api/v1', 'OpenRouter'],
    ['https://myorg.openai.azure.com/openai/deployments/x', 'Azure OpenAI'],
    // Self-hosted or unknown endpoints are not named by host: no internal address reaches a visitor.
    ['http://10.0.0.5:8000/v1', 'chat provider'],
    ['http://llm.internal.example:8080/v1', 'chat provider'],
    ['https://evilhuggingface.co/v1', 'chat provider'],
    ['not a url', 'chat provider'],
  ])('%s → %s', (baseUrl, name) => {
    expect(chatProviderName(baseUrl)).toBe(name);
  });

  it("keeps the spec's sentence around the name", () => {
    expect(authErrorMessage('OpenAI')).toBe('Authentication failed. Please check your OpenAI token.');
  });
});

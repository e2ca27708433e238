/** The developer page's examples, written against this server's own address. */
export const SAMPLE_TABS = ['cURL', 'JavaScript', 'Python', 'Node.js'] as const;
export type SampleTab = (typeof SAMPLE_TABS)[number];

export function codeSamples(apiBase: string): Record<SampleTab, string> {
  return {
    cURL: `curl -X POST ${apiBase}/translate \\
  -H "Content-Type: application/json" \\
  -d '{"text": "Hello, how are you?", "source_language": "eng_Latn", "target_language": "swh_Latn"}'`,
    JavaScript: `// In the browser
const response = await fetch('${apiBase}/translate', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ text: 'Hello, how are you?', target_language: 'fra_Latn' }),
});
if (!response.ok) throw new Error((await response.json()).detail);
const { translated_text, source_language } = await response.json();
console.log(translated_text, source_language);`,
    Python: `import requests

response = requests.post(
    "${apiBase}/translate",
    json={"text": "Hello, how are you?", "target_language": "hin_Deva"},
    timeout=60,
)
response.raise_for_status()
print(response.json()["translated_text"])`,
    'Node.js': `// Node.js 18 or newer: node translate.mjs "Good morning"
const text = process.argv[2] ?? 'Good morning';
const response = await fetch('${apiBase}/translate', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ text, source_language: 'eng_Latn', target_language: 'yor_Latn' }),
});
const body = await response.json();
if (!response.ok) {
  console.error(\`\${response.status} \${body.code}: \${body.detail}\`);
  process.exit(1);
}
console.log(body.translated_text);`,
  };
}

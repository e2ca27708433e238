import { lazy, Suspense, type ComponentProps } from 'react';
import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

import { CopyButton } from '@/components/ui/copy-button';

const HighlightedCode = lazy(() => import('./highlighted-code'));

/** A fenced code block: highlighted once the highlighter has loaded, plain until then; with its own copy button. */
function CodeBlock({ code, language }: { code: string; language?: string }) {
  return (
    <div className="group relative my-2">
      <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 font-mono text-[13px] leading-relaxed text-slate-100">
        <code className={language ? `language-${language}` : undefined}>
          <Suspense fallback={code}>
            <HighlightedCode code={code} language={language} />
          </Suspense>
        </code>
      </pre>
      <CopyButton text={code} label="Copy code" tone="dark" className="absolute top-1.5 right-1.5" />
    </div>
  );
}

const components: ComponentProps<typeof ReactMarkdown>['components'] = {
  // Block code arrives as <pre><code>; the <pre> is drawn by CodeBlock.
  pre: ({ children }) => <>{children}</>,
  code: ({ className, children }) => {
    const text = String(children ?? '');
    const language = /language-([\w+-]+)/.exec(className ?? '')?.[1];
    if (!language && !text.includes('\n'))
      return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em]">{children}</code>;
    return <CodeBlock code={text.replace(/\n$/, '')} language={language} />;
  },
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 underline">
      {children}
    </a>
  ),
  table: ({ children }) => (
    <div className="my-2 overflow-x-auto">
      <table className="min-w-full border-collapse text-sm">{children}</table>
    </div>
  ),
  th: ({ children }) => (
    <th className="border border-slate-300 bg-slate-50 px-2 py-1 text-start font-semibold">{children}</th>
  ),
  td: ({ children }) => <td className="border border-slate-300 px-2 py-1 align-top">{children}</td>,
};

/**
 * A model's answer as Markdown (lists, tables, code). Raw HTML in it is never rendered (react-markdown
 * without rehype-raw leaves it as text), and rehype-sanitize drops anything else unsafe, such as
 * `javascript:` links: nothing a model writes can run in the page.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <div
      dir="auto"
      className="markdown break-words [&_blockquote]:border-s-4 [&_blockquote]:border-slate-300 [&_blockquote]:ps-3 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:my-1.5 [&_ul]:list-disc [&_ul]:ps-6"
    >
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}

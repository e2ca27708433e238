import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { common, createLowlight } from 'lowlight';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';

import './code-theme.css';

const lowlight = createLowlight(common);

/**
 * Syntax highlighting, loaded only when an answer has a code block (this file is its own chunk).
 * lowlight returns a syntax tree that becomes React elements: the code is never parsed as HTML.
 */
export default function HighlightedCode({ code, language }: { code: string; language?: string }) {
  const tree =
    language && lowlight.registered(language)
      ? lowlight.highlight(language, code)
      : lowlight.highlightAuto(code);
  return <>{toJsxRuntime(tree, { Fragment, jsx, jsxs })}</>;
}

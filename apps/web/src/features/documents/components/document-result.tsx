import { DOCUMENT_PREVIEW_CHARS } from '@sema/shared/api/document-formats';
import type { TranslateDocumentResponse } from '@sema/shared/api/documents';

import { Button } from '@/components/ui/button';
import { FileIcon } from '@/components/ui/icons';

import { saveDocument } from '../document-file';

interface DocumentResultProps {
  result: TranslateDocumentResponse;
  /** Set when the source was Auto Detect: the language the server found. */
  detectedLanguage?: string;
  languageName: (code: string) => string;
}

/** The translated document: its name, a preview of the text, a note when the format changed, and a download. */
export function DocumentResult({ result, detectedLanguage, languageName }: DocumentResultProps) {
  const tag = /^[a-z]{3}_[A-Z][a-z]{3}$/.test(result.target_language)
    ? result.target_language.replace('_', '-')
    : undefined;
  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="document-result">
      <p className="flex items-center gap-1.5 text-sm font-medium text-slate-900">
        <FileIcon width={16} height={16} className="shrink-0 text-brand-700" />
        <span className="truncate">{result.file_name}</span>
      </p>
      {result.preview && (
        <div
          dir="auto"
          lang={tag}
          className="max-h-48 overflow-auto rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-wrap"
          role="region"
          aria-label="Preview of the translation"
          tabIndex={0}
        >
          {result.preview}
          {result.preview.length >= DOCUMENT_PREVIEW_CHARS && '…'}
        </div>
      )}
      {result.note && <p className="text-xs text-slate-700">{result.note}</p>}
      {detectedLanguage && (
        <p className="text-xs text-slate-600" data-testid="detected-language">
          Detected language: {languageName(detectedLanguage)}
        </p>
      )}
      {/* A long file name is shortened on screen; the full one stays in the tooltip and the name read out. */}
      <Button
        className="w-fit max-w-full px-3 py-2"
        title={`Download ${result.file_name}`}
        onClick={() => saveDocument(result)}
      >
        <DownloadIcon />
        <span className="truncate">Download {result.file_name}</span>
      </Button>
    </div>
  );
}

function DownloadIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      className="shrink-0"
      aria-hidden="true"
    >
      <path d="M12 3v12m0 0 5-5m-5 5-5-5M4 19h16" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

import { useState } from 'react';

import { CopyButton } from '@/components/ui/copy-button';
import { Tabs } from '@/components/ui/tabs';

import { codeSamples, SAMPLE_TABS, type SampleTab } from '../code-samples';

/** Tabbed examples with a copy button whose checkmark lasts two seconds. */
export function CodeExamples({ apiBase }: { apiBase: string }) {
  const [tab, setTab] = useState<SampleTab>('cURL');
  const code = codeSamples(apiBase)[tab];
  return (
    <div className="overflow-hidden rounded-xl bg-slate-900 text-slate-100" data-testid="code-examples">
      <Tabs
        label="Code examples"
        tabs={SAMPLE_TABS}
        value={tab}
        onChange={setTab}
        actions={<CopyButton text={code} label="Copy code" showText tone="dark" />}
      >
        <pre
          className="overflow-x-auto p-4 text-sm leading-relaxed"
          tabIndex={0}
          aria-label={`${tab} example`}
        >
          <code>{code}</code>
        </pre>
      </Tabs>
    </div>
  );
}

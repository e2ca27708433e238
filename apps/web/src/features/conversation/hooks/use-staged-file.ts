import { unsupportedDocumentReason } from '@sema/shared/api/document-formats';
import { useCallback, useState } from 'react';

/**
 * The file staged for the next message, checked when it is dropped or picked: a type the server
 * cannot translate is refused at once (`refusal` says why and names the types that work) instead of
 * after Send. A refused file leaves the staged one as it was; staging or clearing ends the refusal.
 */
export function useStagedFile() {
  const [file, setStaged] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const setFile = useCallback((next: File | null) => {
    const reason = next ? unsupportedDocumentReason(next.name) : undefined;
    if (next && reason) {
      setRefusal(`${next.name} was not added. ${reason}`);
      return;
    }
    setRefusal(null);
    setStaged(next);
  }, []);
  return { file, setFile, refusal };
}

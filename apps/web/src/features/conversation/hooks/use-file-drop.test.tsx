import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { useFileDrop } from './use-file-drop';

function DropZone({ onFile }: { onFile: (file: File) => void }) {
  const { isDragging, handlers } = useFileDrop(onFile);
  return (
    <div data-testid="zone" {...handlers}>
      <span data-testid="inner">inside</span>
      {isDragging && <p>Drop file here</p>}
    </div>
  );
}

const transfer = (files: File[]) => ({ types: ['Files'], files, dropEffect: 'none' });

describe('useFileDrop', () => {
  it('shows the overlay while files hover, across nested elements, and keeps only the first file', () => {
    const onFile = vi.fn();
    render(<DropZone onFile={onFile} />);
    const zone = screen.getByTestId('zone');
    const first = new File(['a'], 'first.txt');
    const second = new File(['b'], 'second.txt');
    fireEvent.dragEnter(zone, { dataTransfer: transfer([first, second]) });
    fireEvent.dragEnter(screen.getByTestId('inner'), { dataTransfer: transfer([first, second]) });
    fireEvent.dragLeave(zone, { dataTransfer: transfer([first, second]) });
    expect(screen.getByText('Drop file here')).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer: transfer([first, second]) });
    expect(screen.queryByText('Drop file here')).not.toBeInTheDocument();
    expect(onFile).toHaveBeenCalledTimes(1);
    expect(onFile).toHaveBeenCalledWith(first);
  });

  it('ignores drags that carry no files (text, links)', () => {
    const onFile = vi.fn();
    render(<DropZone onFile={onFile} />);
    fireEvent.dragEnter(screen.getByTestId('zone'), { dataTransfer: { types: ['text/plain'], files: [] } });
    expect(screen.queryByText('Drop file here')).not.toBeInTheDocument();
  });
});

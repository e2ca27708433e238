// A real drag-and-drop of a file onto the page, as a desktop browser does it: dragenter, dragover
// and drop on the input, carrying a DataTransfer built in the page. Waits for the staged file's chip.
export async function dropFile(page, name, content, type) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, content, type }) => {
      const transfer = new globalThis.DataTransfer(); // runs in the page
      transfer.items.add(new File([content], name, { type }));
      return transfer;
    },
    { name, content, type },
  );
  const target = page.getByRole('textbox');
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
  await page.getByTestId('file-chip').getByText(name).waitFor();
}

import type { FlowDefinitionInput, FlowExport } from '@basalt/shared';

/** Saves an export as `<name>-v<n>.json` through a temporary link (the browser's own download). */
export function downloadExport(data: FlowExport, versionNumber: number): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${data.name.replace(/[^\w.-]+/g, '_') || 'flow'}-v${versionNumber}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * An export file read back for an import. Only the JSON itself is checked here: what its elements
 * mean is the server's to judge, and a faulty one is imported as INVALID with its problems named.
 */
export async function readExportFile(file: File): Promise<FlowDefinitionInput> {
  let data: unknown;
  try {
    data = JSON.parse(await file.text());
  } catch {
    throw new Error(`${file.name} is not JSON; choose a file exported from a flow`);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data) || !Array.isArray((data as FlowExport).elements))
    throw new Error(`${file.name} has no elements; choose a file exported from a flow`);
  return data as FlowDefinitionInput;
}

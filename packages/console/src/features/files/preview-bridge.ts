import type { FileKind } from './file-paths';

/**
 * The conversation between the Files area and its preview frame, over `@basalt/sdk/bridge`. The
 * frame is a page of its own (an iframe of the console), so a preview that misbehaves — a huge
 * image, a PDF viewer, a long text — never blocks or restyles the listing around it.
 */
export const PREVIEW_CHANNEL = 'basalt-file-preview';

/** Methods the preview frame registers. */
export const PreviewMethods = {
  /** Shows a file; answers once the frame has taken it. */
  show: 'show',
  /** Answers what the frame shows now. */
  state: 'state',
} as const;

/** Events the preview frame emits. */
export const PreviewEvents = {
  /** The file is on screen: its natural size (images) or its line count (text). */
  loaded: 'loaded',
  /** The file could not be shown. */
  failed: 'failed',
} as const;

export interface PreviewFile {
  appId: string;
  path: string;
  name: string;
  kind: FileKind;
  /** Inline view URL (same origin). */
  url: string;
  /** Changes when the file does, so an edited file is shown afresh. */
  version: number;
}

export interface PreviewLoaded {
  path: string;
  kind: FileKind;
  width?: number;
  height?: number;
  lines?: number;
}

export interface PreviewFailed {
  path: string;
  message: string;
}

/** Where the frame lives: outside the app frame, so it renders the file alone. */
export function previewFrameUrl(appId: string): string {
  return `/apps/${encodeURIComponent(appId)}/files/-/preview`;
}

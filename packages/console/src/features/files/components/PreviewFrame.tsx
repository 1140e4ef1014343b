import { useEffect, useRef, useState } from 'react';
import { Alert, Box } from '@mantine/core';
import { createBridge, type Bridge } from '@basalt/sdk/bridge';
import {
  PREVIEW_CHANNEL,
  PreviewEvents,
  PreviewMethods,
  previewFrameUrl,
  type PreviewFailed,
  type PreviewFile,
  type PreviewLoaded,
} from '../preview-bridge';

interface Props {
  file: PreviewFile;
  onLoaded?: (info: PreviewLoaded) => void;
  height?: number | string;
}

/**
 * The preview iframe. Once the bridge handshake is done the file is sent with a `show` request;
 * the frame answers with `loaded` or `failed` events. The iframe stays while files change, so
 * moving through a folder does not reload the frame.
 */
export function PreviewFrame({ file, onLoaded, height = 420 }: Props) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [bridge, setBridge] = useState<Bridge | null>(null);
  const [error, setError] = useState<string | null>(null);
  const loadedRef = useRef(onLoaded);
  loadedRef.current = onLoaded;

  useEffect(() => {
    const target = frameRef.current?.contentWindow;
    if (!target) return;
    const origin = window.location.origin;
    const b = createBridge({ target, targetOrigin: origin, channel: PREVIEW_CHANNEL });
    b.on(PreviewEvents.loaded, (info: PreviewLoaded) => {
      setError(null);
      loadedRef.current?.(info);
    });
    b.on(PreviewEvents.failed, (info: PreviewFailed) => setError(info.message));
    b.connect()
      .then(() => setBridge(b))
      .catch((err: Error) => setError(err.message));
    return () => {
      setBridge(null);
      b.destroy();
    };
  }, [file.appId]);

  const { appId, path, name, kind, url, version } = file;
  useEffect(() => {
    if (!bridge) return;
    setError(null);
    bridge
      .request(PreviewMethods.show, { appId, path, name, kind, url, version } satisfies PreviewFile)
      .catch((err: Error) => setError(err.message));
  }, [bridge, appId, path, name, kind, url, version]);

  return (
    <Box>
      {error && (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {error}
        </Alert>
      )}
      <Box
        component="iframe"
        ref={frameRef}
        src={previewFrameUrl(file.appId)}
        title={`Preview of ${file.name}`}
        data-testid="file-preview-frame"
        style={{
          width: '100%',
          height,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
          display: 'block',
          background: 'var(--mantine-color-body)',
        }}
      />
    </Box>
  );
}

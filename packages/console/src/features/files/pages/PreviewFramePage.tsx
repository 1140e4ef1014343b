import { useCallback, useEffect, useRef, useState } from 'react';
import { Anchor, Box, Center, Loader, Stack, Text } from '@mantine/core';
import { IconFileUnknown } from '@tabler/icons-react';
import { createBridge, type Bridge } from '@basalt/sdk/bridge';
import { readFileText } from '../api/files.queries';
import { errorInfo } from '../../../lib/errors';
import {
  PREVIEW_CHANNEL,
  PreviewEvents,
  PreviewMethods,
  type PreviewFile,
  type PreviewLoaded,
} from '../preview-bridge';

/** Text beyond this is cut in the preview; the editor and the download have all of it. */
const TEXT_LIMIT = 200_000;

/** The window that embeds or opened this frame. */
function peerWindow(): Window | null {
  if (window.parent && window.parent !== window) return window.parent;
  return window.opener as Window | null;
}

/**
 * The preview frame: a bare page that waits for the console to tell it, over the bridge, which
 * file to show. It shows images, text and PDF, and reports back what it showed.
 */
export default function PreviewFramePage() {
  const [file, setFile] = useState<PreviewFile | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const bridgeRef = useRef<Bridge | null>(null);
  const fileRef = useRef<PreviewFile | null>(null);

  useEffect(() => {
    const peer = peerWindow();
    if (!peer) return;
    const bridge = createBridge({ target: peer, targetOrigin: window.location.origin, channel: PREVIEW_CHANNEL });
    bridgeRef.current = bridge;
    bridge.register(PreviewMethods.show, (next: PreviewFile) => {
      fileRef.current = next;
      setFile(next);
      return { shown: next.path };
    });
    bridge.register(PreviewMethods.state, () => ({
      path: fileRef.current?.path ?? null,
      kind: fileRef.current?.kind ?? null,
    }));
    // Either side may knock first; the frame knocks too, so the order of loading does not matter.
    bridge.connect().catch(() => undefined);
    return () => {
      bridgeRef.current = null;
      bridge.destroy();
    };
  }, []);

  const emitLoaded = (info: PreviewLoaded) =>
    bridgeRef.current?.connected && bridgeRef.current.emit(PreviewEvents.loaded, info);
  const failFor = useCallback((path: string | undefined, message: string) => {
    setFailure(message);
    if (path && bridgeRef.current?.connected) bridgeRef.current.emit(PreviewEvents.failed, { path, message });
  }, []);
  const emitFailed = (message: string) => failFor(file?.path, message);

  // Text is read through the SDK (with the developer's key) and shown as text, never as HTML.
  // Only a different file (or a new version of it) is read again, so the effect keys on those fields.
  const [appId, path, kind, version] = [file?.appId, file?.path, file?.kind, file?.version];
  useEffect(() => {
    setText(null);
    setFailure(null);
    if (!appId || !path || kind !== 'text') return;
    let cancelled = false;
    readFileText(appId, path)
      .then((value) => {
        if (cancelled) return;
        setText(value);
        bridgeRef.current?.emit(PreviewEvents.loaded, { path, kind: 'text', lines: value.split('\n').length });
      })
      .catch((err) => !cancelled && failFor(path, errorInfo(err).message));
    return () => {
      cancelled = true;
    };
  }, [appId, path, kind, version, failFor]);

  if (!file) {
    return (
      <Center h="100vh">
        <Text size="sm" c="dimmed">
          Waiting for a file…
        </Text>
      </Center>
    );
  }
  if (failure) {
    return (
      <Center h="100vh" p="md">
        <Text size="sm" c="red" role="alert">
          {failure}
        </Text>
      </Center>
    );
  }

  const src = `${file.url}${file.url.includes('?') ? '&' : '?'}v=${file.version}`;
  switch (file.kind) {
    case 'image':
      return (
        <Center h="100vh" p="sm" style={{ background: 'var(--mantine-color-default-hover)' }}>
          <img
            src={src}
            alt={file.name}
            style={{ maxWidth: '100%', maxHeight: 'calc(100vh - 16px)', objectFit: 'contain' }}
            onLoad={(e) =>
              emitLoaded({
                path: file.path,
                kind: 'image',
                width: e.currentTarget.naturalWidth,
                height: e.currentTarget.naturalHeight,
              })
            }
            onError={() => emitFailed('The image could not be shown: the file may be damaged or not an image.')}
          />
        </Center>
      );
    case 'text':
      if (text === null) {
        return (
          <Center h="100vh">
            <Loader size="sm" aria-label="Loading the file" />
          </Center>
        );
      }
      return (
        <Box
          component="pre"
          className="mono"
          aria-label={`Content of ${file.name}`}
          m={0}
          p="md"
          style={{ fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-word', minHeight: '100vh' }}
        >
          {text.length > TEXT_LIMIT ? `${text.slice(0, TEXT_LIMIT)}\n…` : text}
        </Box>
      );
    case 'pdf':
      return (
        <object
          data={src}
          type="application/pdf"
          aria-label={`PDF ${file.name}`}
          style={{ width: '100%', height: '100vh', display: 'block' }}
          onLoad={() => emitLoaded({ path: file.path, kind: 'pdf' })}
        >
          <Center h="100vh">
            <Anchor href={src} target="_blank" rel="noopener">
              Open {file.name}
            </Anchor>
          </Center>
        </object>
      );
    default:
      return (
        <Center h="100vh">
          <Stack align="center" gap="xs">
            <IconFileUnknown size={32} stroke={1.5} aria-hidden />
            <Text size="sm" c="dimmed">
              No preview for this type of file.
            </Text>
          </Stack>
        </Center>
      );
  }
}

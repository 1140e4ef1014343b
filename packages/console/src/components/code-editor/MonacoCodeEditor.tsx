import { useEffect, useRef } from 'react';
import Editor, { type OnMount } from '@monaco-editor/react';
import { Box, Center, Loader, useComputedColorScheme } from '@mantine/core';
import { monaco } from './monaco-setup';
import { languageOf } from './languages';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** File name: chooses the language by extension. */
  fileName?: string;
  /** Monaco language id; wins over `fileName`. */
  language?: string;
  /** Ctrl/Cmd+S inside the editor. */
  onSave?: () => void;
  /** Escape inside the editor (when no widget such as find is open). */
  onEscape?: () => void;
  height?: number | string;
  readOnly?: boolean;
  /** Accessible name of the editing area. */
  label: string;
}

/** Monaco with the console's theme, save and escape keys, and an accessible label. */
export default function MonacoCodeEditor({
  value,
  onChange,
  fileName,
  language,
  onSave,
  onEscape,
  height = 420,
  readOnly,
  label,
}: CodeEditorProps) {
  const scheme = useComputedColorScheme('light');
  // The key handlers registered once at mount call the latest callbacks through refs.
  const saveRef = useRef(onSave);
  const escapeRef = useRef(onEscape);
  useEffect(() => {
    saveRef.current = onSave;
    escapeRef.current = onEscape;
  }, [onSave, onEscape]);

  const mount: OnMount = (editor) => {
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => saveRef.current?.());
    // Only when no suggestion or find widget is open, so Escape still closes those first.
    editor.addCommand(
      monaco.KeyCode.Escape,
      () => escapeRef.current?.(),
      '!suggestWidgetVisible && !findWidgetVisible',
    );
    editor.focus();
  };

  return (
    <Box
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
        overflow: 'hidden',
      }}
    >
      <Editor
        height={height}
        value={value}
        language={language ?? languageOf(fileName ?? '')}
        theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
        onChange={(next) => onChange(next ?? '')}
        onMount={mount}
        loading={
          <Center h={height}>
            <Loader size="sm" />
          </Center>
        }
        options={{
          readOnly,
          ariaLabel: label,
          minimap: { enabled: false },
          fontSize: 13,
          fontFamily: 'JetBrains Mono, ui-monospace, monospace',
          scrollBeyondLastLine: false,
          wordWrap: 'on',
          automaticLayout: true,
          tabSize: 2,
        }}
      />
    </Box>
  );
}

import { useEffect, useRef, useState } from 'react';
import * as Blockly from 'blockly';
import { KeyboardNavigation } from '@blockly/keyboard-navigation';
import { useComputedColorScheme } from '@mantine/core';
import type { CodelessState } from '@basalt/shared';
import { basaltDark, basaltLight } from './blockly-theme';

export interface BlocklyWorkspaceProps {
  /** The workspace's first content; later values are ignored (give the editor a new `key` to reload). */
  initial: CodelessState;
  /** Blockly JSON block definitions; each type is defined once per page. */
  blocks: ReadonlyArray<Record<string, unknown>>;
  /** Blockly toolbox JSON. */
  toolbox: Record<string, unknown>;
  /** The workspace's blocks after each change the developer makes (debounced). */
  onChange: (state: CodelessState) => void;
  /**
   * A block to point at: selected, scrolled to, carrying the message as its warning. A new `n`
   * points at it again.
   */
  mark?: { blockId: string; message: string; n: number } | null;
  height: number | string;
  label: string;
}

/**
 * The keyboard-navigation plugin's own registration helper for its toolbox recurses into itself
 * (3.0.5), so the toolbox it needs, one that leaves keys to the plugin, is declared here.
 */
class KeyDeferringToolbox extends Blockly.Toolbox {
  protected override onKeyDown_(): void {
    // The plugin's navigation controller handles the keys.
  }
}

let stylesRegistered = false;

const DEBOUNCE_MS = 200;

/** Blockly injected into a div: the codeless editor's canvas. Loaded lazily (see CodelessEditor). */
export default function BlocklyWorkspace({
  initial,
  blocks,
  toolbox,
  onChange,
  mark,
  height,
  label,
}: BlocklyWorkspaceProps) {
  const host = useRef<HTMLDivElement>(null);
  const [workspace, setWorkspace] = useState<Blockly.WorkspaceSvg | null>(null);
  const scheme = useComputedColorScheme('light');
  // The listener is registered once; it reaches the latest callback through the ref.
  const changeRef = useRef(onChange);
  useEffect(() => {
    changeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const div = host.current;
    if (!div) return;
    const fresh = blocks.filter((b) => typeof b.type === 'string' && !Blockly.Blocks[b.type]);
    if (fresh.length > 0) Blockly.common.defineBlocksWithJsonArray(fresh as unknown as object[]);
    if (!stylesRegistered) {
      // Must precede the first inject; Blockly keeps registered CSS for the page's lifetime.
      KeyboardNavigation.registerKeyboardNavigationStyles();
      stylesRegistered = true;
    }
    const ws = Blockly.inject(div, {
      toolbox: toolbox as unknown as Blockly.utils.toolbox.ToolboxDefinition,
      plugins: { toolbox: KeyDeferringToolbox },
      theme: scheme === 'dark' ? basaltDark : basaltLight,
      // Served by the console (see blocklyMedia in vite.config.ts), not Blockly's default Google host.
      media: `${import.meta.env.BASE_URL}blockly-media/`,
      renderer: 'thrasos',
      trashcan: true,
      sounds: false,
      move: { scrollbars: true, drag: true, wheel: false },
      zoom: { controls: true, wheel: true, startScale: 0.9, maxScale: 2, minScale: 0.4 },
      grid: { spacing: 24, length: 2, colour: scheme === 'dark' ? '#3b3b3b' : '#dee2e6', snap: true },
    });
    const keyboard = new KeyboardNavigation(ws);
    Blockly.serialization.workspaces.load(initial as object, ws);
    // Only changes of the blocks count: compare what would be saved with what was last reported.
    let last = JSON.stringify(Blockly.serialization.workspaces.save(ws));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const report = () => {
      timer = undefined;
      const state = Blockly.serialization.workspaces.save(ws) as CodelessState;
      const text = JSON.stringify(state);
      if (text === last) return;
      last = text;
      changeRef.current(state);
    };
    ws.addChangeListener((event) => {
      if (event.isUiEvent) return;
      clearTimeout(timer);
      timer = setTimeout(report, DEBOUNCE_MS);
    });
    const resize = new ResizeObserver(() => Blockly.svgResize(ws));
    resize.observe(div);
    setWorkspace(ws);
    return () => {
      // A pending change is reported before the workspace goes, so leaving the editor loses nothing.
      if (timer !== undefined) {
        clearTimeout(timer);
        report();
      }
      resize.disconnect();
      keyboard.dispose();
      ws.dispose();
      setWorkspace(null);
    };
    // Mount once: `initial`, `toolbox` and `blocks` are first values by contract; the theme follows below.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    workspace?.setTheme(scheme === 'dark' ? basaltDark : basaltLight);
  }, [workspace, scheme]);

  useEffect(() => {
    if (!workspace) return;
    workspace.updateToolbox(toolbox as unknown as Blockly.utils.toolbox.ToolboxDefinition);
  }, [workspace, toolbox]);

  useEffect(() => {
    if (!workspace || !mark) return;
    const block = workspace.getBlockById(mark.blockId) as Blockly.BlockSvg | null;
    if (!block) return;
    block.setWarningText(mark.message);
    Blockly.common.setSelected(block);
    workspace.centerOnBlock(block.id);
    return () => {
      if (!block.isDisposed()) block.setWarningText(null);
    };
  }, [workspace, mark]);

  return (
    <div
      ref={host}
      role="region"
      aria-label={label}
      data-testid="codeless-workspace"
      style={{ height, width: '100%', position: 'relative' }}
    />
  );
}

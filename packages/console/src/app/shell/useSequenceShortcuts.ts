import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useMantineColorScheme } from '@mantine/core';
import { Areas } from '@basalt/shared';
import { goKeys } from './go-shortcuts';

const SEQUENCE_TIMEOUT_MS = 1200;

function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Two-key shortcuts: `G` then an area letter opens that area of the current app; `T` then
 * `L`/`D`/`S` picks the light, dark or system theme. Nothing fires while typing in a field.
 */
export function useSequenceShortcuts(appId: string | undefined): void {
  const navigate = useNavigate();
  const { setColorScheme } = useMantineColorScheme();

  useEffect(() => {
    let first: string | null = null;
    let timer: number | undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typingInto(event.target)) return;
      const key = event.key.toLowerCase();
      if (first === null) {
        if (key === 'g' || key === 't') {
          first = key;
          window.clearTimeout(timer);
          timer = window.setTimeout(() => (first = null), SEQUENCE_TIMEOUT_MS);
        }
        return;
      }
      const prefix = first;
      first = null;
      window.clearTimeout(timer);
      if (prefix === 'g' && appId) {
        const areaId = Object.keys(goKeys).find((id) => goKeys[id] === key);
        const area = Areas.find((a) => a.id === areaId);
        if (area) {
          event.preventDefault();
          navigate(`/apps/${appId}/${area.segment}`);
        }
      } else if (prefix === 't') {
        const scheme = key === 'l' ? 'light' : key === 'd' ? 'dark' : key === 's' ? 'auto' : null;
        if (scheme) {
          event.preventDefault();
          setColorScheme(scheme);
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.clearTimeout(timer);
    };
  }, [appId, navigate, setColorScheme]);
}

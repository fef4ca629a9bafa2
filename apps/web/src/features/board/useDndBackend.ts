import { useEffect, useState } from 'react';
import type { DndProviderProps } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';

type BackendFactory = Extract<DndProviderProps<unknown, unknown>, { backend: unknown }>['backend'];

export interface DndBackend {
  backend: BackendFactory;
  options?: object;
  /** The touch backend (a long press drags). */
  touch: boolean;
}

const MOUSE: DndBackend = { backend: HTML5Backend, touch: false };

/** Whether the main pointer is a finger (phones, tablets): the browsers' HTML5 drag does not work there. */
function coarsePointer(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

let touch: Promise<DndBackend> | null = null;
/** The touch backend, loaded only on touch screens (with the board's data, not after it). */
function loadTouch(): Promise<DndBackend> {
  touch ??= import('./touchBackend').then((m) => ({ backend: m.TouchBackend, options: m.TOUCH_OPTIONS, touch: true }));
  return touch;
}
if (coarsePointer()) void loadTouch();

/** The drag-and-drop backend for this device; null while the touch one loads. */
export function useDndBackend(): DndBackend | null {
  const [backend, setBackend] = useState<DndBackend | null>(() => (coarsePointer() ? null : MOUSE));
  useEffect(() => {
    if (backend) return;
    let live = true;
    loadTouch().then(
      (b) => live && setBackend(b),
      () => live && setBackend(MOUSE),
    );
    return () => {
      live = false;
    };
  }, [backend]);
  return backend;
}

import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import type { Column } from '@wkflow/contracts';
import { Palette } from 'lucide-react';
import { forwardRef, lazy, Suspense, useState } from 'react';

export interface ColorPickerProps {
  column: Column;
  onPick: (column: Column, color: string) => void;
}

/**
 * The popover (Chakra's Popover with its positioning and focus machinery, ~20 KB gzipped with the bell's)
 * loads on the button's first hover, focus or click: the board's first render does not need it.
 */
const loadPopup = () => import('./ColumnColorPopup');
const ColumnColorPopup = lazy(loadPopup);

export const PaletteButton = forwardRef<HTMLButtonElement, Partial<IconButtonProps> & { column: Column }>(function PaletteButton(
  { column, ...props },
  ref,
) {
  return (
    <IconButton ref={ref} aria-label={`Cor da lista ${column.name}`} title="Cor da lista" size="2xs" variant="ghost" {...props}>
      <Palette />
    </IconButton>
  );
});

/** The 8-colour palette (core.md §9). */
export function ColorPicker({ column, onPick }: ColorPickerProps) {
  const [opened, setOpened] = useState(false);
  const placeholder = (
    <PaletteButton
      column={column}
      aria-haspopup="dialog"
      onPointerEnter={() => void loadPopup()}
      onFocus={() => void loadPopup()}
      onClick={() => setOpened(true)}
    />
  );
  if (!opened) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ColumnColorPopup column={column} onPick={onPick} defaultOpen />
    </Suspense>
  );
}

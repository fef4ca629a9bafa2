import { Box, Popover, Portal, SimpleGrid, Text } from '@chakra-ui/react';
import { COLUMN_PALETTE } from '@wkflow/contracts';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { useOpenAfterMount } from '../../components/useOpenAfterMount';
import { PaletteButton, type ColorPickerProps } from './ColumnColorPicker';

/** The palette's popover (loaded on demand by ColorPicker), opened by the click that loaded it. */
export default function ColumnColorPopup({ column, onPick, defaultOpen }: ColorPickerProps & { defaultOpen: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const shown = useOpenAfterMount(open);
  return (
    <Popover.Root open={shown} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <PaletteButton column={column} />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="auto">
            <Popover.Body p="3">
              <Text textStyle="xs" fontWeight="semibold" color="fg.muted" mb="2">
                Cor da lista
              </Text>
              <SimpleGrid columns={4} gap="2">
                {COLUMN_PALETTE.map((c) => {
                  const current = c.value.toLowerCase() === column.color.toLowerCase();
                  return (
                    <Box
                      key={c.value}
                      as="button"
                      aria-label={c.name}
                      title={c.name}
                      boxSize="7"
                      rounded="md"
                      bg={c.value}
                      color="white"
                      display="grid"
                      placeItems="center"
                      outline={current ? '2px solid' : undefined}
                      outlineColor="fg"
                      outlineOffset="1px"
                      onClick={() => {
                        setOpen(false);
                        if (!current) onPick(column, c.value);
                      }}
                    >
                      {current && <Check size={14} />}
                    </Box>
                  );
                })}
              </SimpleGrid>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

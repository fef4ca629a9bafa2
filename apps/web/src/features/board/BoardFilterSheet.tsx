import { Button, CloseButton, Drawer, Portal, Separator, Stack } from '@chakra-ui/react';
import { ScopeFilters, useBoardScope } from './Sidebar';

interface BoardFilterSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many tasks the board shows with the current filters (the footer's button says it). */
  visibleCount: number;
}

/**
 * Phones and tablets (below lg, where the 'Projetos' sidebar is hidden): the sidebar's client and member
 * filters in a bottom sheet opened by the board's 'Filtros' button. A choice filters the board at once and
 * is kept in the address (?client=, ?member=) exactly as on desktop.
 */
export function BoardFilterSheet({ open, onOpenChange, visibleCount }: BoardFilterSheetProps) {
  const scope = useBoardScope();
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="bottom">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content roundedTop="l3" maxH="85dvh" data-testid="board-filter-sheet">
            <Drawer.Header>
              <Drawer.Title>Filtros</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="5">
                <ScopeFilters scope={scope} testIdPrefix="sheet" />
              </Stack>
            </Drawer.Body>
            <Separator />
            <Drawer.Footer>
              <Drawer.ActionTrigger asChild>
                <Button colorPalette="brand" w="full">
                  Ver {visibleCount} tarefa(s)
                </Button>
              </Drawer.ActionTrigger>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fechar" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

import { Flex } from '@chakra-ui/react';
import { AddTimeEntryButton } from './AddTimeEntryButton';
import { TimeLockCard } from './TimeLockCard';

/** Under the /time-management header: 'Adicionar tempo', then the lockdown card (time_tracking write only). */
export function TimeEntryTools() {
  return (
    <>
      <Flex justify="flex-end" mt={{ base: '0', md: '-4' }} mb="4">
        <AddTimeEntryButton />
      </Flex>
      <TimeLockCard />
    </>
  );
}

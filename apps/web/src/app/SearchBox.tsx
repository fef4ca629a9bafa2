import { Input, InputGroup } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useTaskSearch } from './useTaskSearch';

/** 'Buscar tarefas...': the value lives in the URL (?q=) for the board to read. */
export function SearchBox() {
  const [query, setQuery] = useTaskSearch();
  return (
    <InputGroup startElement={<Search size={16} />} w="full">
      <Input
        type="search"
        name="q"
        placeholder="Buscar tarefas..."
        aria-label="Buscar tarefas"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        size="sm"
        rounded="lg"
        bg="bg.subtle"
        borderColor="border.muted"
        _focus={{ bg: 'bg' }}
        data-testid="task-search"
      />
    </InputGroup>
  );
}

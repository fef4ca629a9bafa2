import { Link } from '@chakra-ui/react';
import type { MouseEvent } from 'react';

/**
 * The page's first stop for the keyboard: 'Pular para o conteúdo' moves focus past the header's ~90 controls
 * to the main content (the board on '/'). Hidden until focused.
 */
export function SkipLink({ target }: { target: string }) {
  const skip = (event: MouseEvent) => {
    // Focus the target without putting '#conteudo' in the router's URL.
    event.preventDefault();
    document.getElementById(target)?.focus();
  };
  return (
    <Link
      href={`#${target}`}
      onClick={skip}
      position="fixed"
      top="2"
      left="2"
      zIndex="max"
      px="4"
      py="2"
      rounded="md"
      bg="bg"
      color="fg"
      fontWeight="semibold"
      borderWidth="2px"
      borderColor="brand.solid"
      transform="translateY(-200%)"
      _focus={{ transform: 'none', shadow: 'lg' }}
    >
      Pular para o conteúdo
    </Link>
  );
}

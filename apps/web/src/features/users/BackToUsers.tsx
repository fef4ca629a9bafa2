import { Link } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { Link as RouterLink } from 'react-router';

/** The link back to /users above the sub-screens. */
export function BackToUsers() {
  return (
    <Link asChild color="fg.muted" textStyle="sm" mb="3" _hover={{ color: 'fg' }}>
      <RouterLink to="/users">
        <ArrowLeft size={16} /> Voltar para usuários
      </RouterLink>
    </Link>
  );
}

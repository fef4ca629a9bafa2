import { Badge } from '@chakra-ui/react';
import { statusLabel } from './users.logic';
import type { User } from '@wkflow/contracts';

/** 'Aprovado' (green) / 'Pendente' (orange). */
export function UserStatusBadge({ user }: { user: Pick<User, 'isApproved' | 'status'> }) {
  const label = statusLabel(user);
  return (
    <Badge colorPalette={label === 'Aprovado' ? 'green' : 'orange'} variant="subtle" data-testid="user-status">
      {label}
    </Badge>
  );
}

import { Center, Image } from '@chakra-ui/react';
import { contrastTextColor, type Client } from '@wkflow/contracts';
import { useState } from 'react';
import { initials } from '../../lib/format';

/** The client's logo, or its initials on its colour when there is none (or it fails to load). */
export function ClientAvatar({ client, size = '12' }: { client: Pick<Client, 'name' | 'color' | 'logoUrl'>; size?: string }) {
  const src = client.logoUrl;
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <Center boxSize={size} rounded="lg" borderWidth="1px" borderColor="border.muted" bg="bg" overflow="hidden" flexShrink={0}>
        <Image src={src} alt={`Logo de ${client.name}`} maxW="full" maxH="full" objectFit="contain" onError={() => setFailed(src)} />
      </Center>
    );
  }
  return (
    <Center
      boxSize={size}
      rounded="lg"
      bg={client.color}
      color={contrastTextColor(client.color)}
      fontWeight="semibold"
      flexShrink={0}
      aria-hidden
    >
      {initials(client.name)}
    </Center>
  );
}

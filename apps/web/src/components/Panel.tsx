import { Card, type CardRootProps } from '@chakra-ui/react';

/**
 * The app's panel: an outlined card on the page's background with the muted border and a light shadow.
 * Any Card.Root prop may be given and overrides these (a chosen theme's border, a larger shadow).
 */
export function Panel(props: CardRootProps) {
  return <Card.Root variant="outline" bg="bg" borderColor="border.muted" shadow="xs" {...props} />;
}

import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { Theme } from '@wkflow/contracts';
import { Check, Crown, Download, Eye, Star } from 'lucide-react';
import { formatCount, formatRating } from './themes.logic';
import { ThemePreview } from './ThemePreview';
import { Panel } from '../../components/Panel';

interface ThemeCardProps {
  theme: Theme;
  active: boolean;
  /** This theme is being applied. */
  pending: boolean;
  /** Another apply is in flight: the other Aplicar buttons wait. */
  busy: boolean;
  onPreview: () => void;
  onApply: () => void;
}

/** Preview, name, Premium badge, description, rating, rating count and downloads; Visualizar and Aplicar. */
export function ThemeCard({ theme, active, pending, busy, onPreview, onApply }: ThemeCardProps) {
  return (
    <Panel
      borderColor={active ? 'brand.solid' : 'border.muted'}
      borderWidth={active ? '2px' : '1px'}
      data-testid="theme-card"
      data-theme-name={theme.name}
    >
      <Card.Body gap="3" p="4">
        <ThemePreview colors={theme.colors} />
        <Stack gap="1">
          <HStack justify="space-between" gap="2">
            <Text fontWeight="semibold" truncate>
              {theme.displayName}
            </Text>
            {theme.isPremium && (
              <Badge colorPalette="yellow" variant="subtle" flexShrink={0}>
                <Crown size={12} /> Premium
              </Badge>
            )}
          </HStack>
          <Text textStyle="sm" color="fg.muted" lineClamp={2} minH="10">
            {theme.description}
          </Text>
        </Stack>
        <HStack justify="space-between" textStyle="xs" color="fg.muted">
          <HStack gap="1" aria-label={`Avaliação ${formatRating(theme.rating)} de ${theme.ratingCount} avaliações`}>
            <Star size={14} fill="currentColor" color="var(--chakra-colors-yellow-500)" />
            <Text fontWeight="medium" color="fg">
              {formatRating(theme.rating)}
            </Text>
            <Text>({formatCount(theme.ratingCount)})</Text>
          </HStack>
          <HStack gap="1" aria-label={`${theme.downloads} downloads`}>
            <Download size={14} />
            <Text>{formatCount(theme.downloads)}</Text>
          </HStack>
        </HStack>
      </Card.Body>
      <Card.Footer gap="2" p="4" pt="0">
        <Button variant="outline" size="sm" flex="1" onClick={onPreview}>
          <Eye /> Visualizar
        </Button>
        <Button
          colorPalette="brand"
          size="sm"
          flex="1"
          onClick={onApply}
          disabled={active || busy}
          loading={pending}
          loadingText="Aplicando..."
        >
          {active ? (
            <>
              <Check /> Ativo
            </>
          ) : (
            'Aplicar'
          )}
        </Button>
      </Card.Footer>
    </Panel>
  );
}

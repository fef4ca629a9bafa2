import { Badge, Box, Card, Center, Grid, HStack, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import type { Theme } from '@wkflow/contracts';
import { Palette } from 'lucide-react';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/useCurrentUser';
import { activateTheme, useThemes, useUserTheme } from './themes.api';
import { themesInTab, THEME_TABS, type ThemeTab } from './themes.logic';
import { ThemeCard } from './ThemeCard';
import { ThemePreview } from './ThemePreview';
import { ThemePreviewDialog } from './ThemePreviewDialog';
import { Panel } from '../../components/Panel';

const GRID = { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' };

/** /themes (extended.md §2.11): the current theme, the catalogue by category, preview and apply. */
export default function ThemesPage() {
  const { user } = useCurrentUser();
  const { data, error, isLoading } = useThemes();
  const { data: mine } = useUserTheme(user?.id);
  const themes = useMemo(() => (Array.isArray(data) ? data : []), [data]);
  const current = mine?.theme;
  const [tab, setTab] = useState<ThemeTab>('all');
  const [previewing, setPreviewing] = useState<Theme | null>(null);
  const [pendingId, setPendingId] = useState<number | null>(null);

  async function apply(theme: Theme) {
    if (!user || pendingId !== null) return;
    setPendingId(theme.id);
    try {
      await activateTheme(user.id, theme, current);
      toast.success('Tema ativado', 'O tema foi aplicado com sucesso!');
      setPreviewing(null);
    } catch (err) {
      toast.error('Failed to activate theme', errorMessage(err));
    } finally {
      setPendingId(null);
    }
  }

  const count = themes.length;
  return (
    <Box>
      <PageHeader
        title="Temas"
        description={
          isLoading
            ? 'Carregando temas...'
            : `${count} ${count === 1 ? 'tema disponível' : 'temas disponíveis'} para personalizar o seu espaço de trabalho.`
        }
      />

      {current && (
        <Panel mb="6" data-testid="current-theme">
          <Card.Body>
            <Grid templateColumns={{ base: '1fr', md: '240px minmax(0, 1fr)' }} gap="5" alignItems="center">
              <ThemePreview colors={current.colors} />
              <Stack gap="1">
                <Text textStyle="xs" color="fg.muted" fontWeight="medium" textTransform="uppercase" letterSpacing="wide">
                  Tema atual
                </Text>
                <HStack gap="2">
                  <Text textStyle="xl" fontWeight="semibold">
                    {current.displayName}
                  </Text>
                  <Badge colorPalette="green" variant="solid">
                    Ativo
                  </Badge>
                </HStack>
                <Text color="fg.muted">{current.description}</Text>
              </Stack>
            </Grid>
          </Card.Body>
        </Panel>
      )}

      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as ThemeTab)} variant="line" colorPalette="brand">
        <Tabs.List mb="5" overflowX="auto" overflowY="hidden">
          {THEME_TABS.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} flexShrink={0} whiteSpace="nowrap">
              {t.label}
              {!isLoading && (
                <Badge size="sm" variant="subtle" ms="1">
                  {themesInTab(themes, t.value).length}
                </Badge>
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* Each trigger controls its panel (aria-controls): only the current one has the grid. */}
        {THEME_TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value} p="0">
            {t.value === tab && (
              <>
                {isLoading ? (
                  <Grid templateColumns={GRID} gap="5" data-testid="themes-loading">
                    {Array.from({ length: 6 }, (_, i) => (
                      <Skeleton key={i} h="330px" rounded="lg" />
                    ))}
                  </Grid>
                ) : error ? (
                  <Center py="12">
                    <Text color="fg.error">{errorMessage(error, 'Não foi possível carregar os temas.')}</Text>
                  </Center>
                ) : themesInTab(themes, tab).length === 0 ? (
                  <Center py="12" flexDirection="column" gap="2" color="fg.muted">
                    <Palette />
                    <Text>Nenhum tema nesta categoria.</Text>
                  </Center>
                ) : (
                  <Grid templateColumns={GRID} gap="5" data-testid="theme-grid">
                    {themesInTab(themes, tab).map((theme) => (
                      <ThemeCard
                        key={theme.id}
                        theme={theme}
                        active={theme.id === current?.id}
                        pending={pendingId === theme.id}
                        busy={pendingId !== null}
                        onPreview={() => setPreviewing(theme)}
                        onApply={() => void apply(theme)}
                      />
                    ))}
                  </Grid>
                )}
              </>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>

      <ThemePreviewDialog
        theme={previewing}
        active={previewing !== null && previewing.id === current?.id}
        pending={previewing !== null && pendingId === previewing.id}
        onClose={() => setPreviewing(null)}
        onApply={(theme) => void apply(theme)}
      />
    </Box>
  );
}
